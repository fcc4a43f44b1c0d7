import type { PointerEvent } from 'react'
import type { WidgetProps } from './widget-props'

interface SliderState extends Pick<WidgetProps, 'invalid' | 'labelId' | 'errorId'> {
  min: number
  max: number
  /** The value, or null while the visitor has set none. */
  now: number | null
  /** The value as read out (with its unit). */
  text: string
}

/**
 * What makes a quiz widget a slider for assistive technology and the keyboard (the round slider, the ruler): role,
 * focus, the question as its label, its error as its description, its range and value. Put on an HTML wrapper of the
 * drawing, so the focus ring and the pointer area are the widget's box.
 */
export function sliderAttributes({ invalid, labelId, errorId, min, max, now, text }: SliderState) {
  return {
    role: 'slider',
    tabIndex: 0,
    'aria-labelledby': labelId,
    'aria-describedby': errorId,
    'aria-invalid': invalid || undefined,
    'aria-valuemin': min,
    'aria-valuemax': max,
    'aria-valuenow': now ?? undefined,
    'aria-valuetext': text,
  } as const
}

/** Pointer handlers of a slider's drag area: a press sets the value where it lands, a drag follows the pointer. */
export function sliderDrag<E extends Element>(follow: (event: PointerEvent<E>) => void) {
  return {
    onPointerDown: (event: PointerEvent<E>) => {
      event.currentTarget.setPointerCapture?.(event.pointerId)
      follow(event)
    },
    onPointerMove: (event: PointerEvent<E>) => {
      if (event.buttons === 1) follow(event)
    },
  }
}
