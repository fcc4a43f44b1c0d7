import type { KeyboardEvent, PointerEvent } from 'react'
import { localise } from '../../domain/validation'
import { localDigits } from '../format'
import { sliderAttributes, sliderDrag } from './slider'
import type { WidgetProps } from './widget-props'

const SIZE = 200
const RADIUS = 80
/** The arc runs 270°, from the bottom left round to the bottom right. */
const SWEEP = 270
const START = 135

function polar(angle: number, radius = RADIUS): { x: number; y: number } {
  const radians = (angle * Math.PI) / 180
  return { x: SIZE / 2 + radius * Math.cos(radians), y: SIZE / 2 + radius * Math.sin(radians) }
}

function arc(fraction: number): string {
  const from = polar(START)
  const to = polar(START + SWEEP * fraction)
  const large = SWEEP * fraction > 180 ? 1 : 0
  return `M ${from.x} ${from.y} A ${RADIUS} ${RADIUS} 0 ${large} 1 ${to.x} ${to.y}`
}

/** A round slider (role slider): drag round the dial, or use the arrow, Home and End keys; changing it touches it. */
export function RoundSlider({ question, value, onChange, invalid, labelId, errorId, language }: WidgetProps) {
  const props = question.answerUIComponent.type === 'roundSlider' ? question.answerUIComponent.props : { min: 0, max: 10 }
  const current = typeof value === 'number' ? value : null
  const shown = current ?? props.min
  const fraction = (shown - props.min) / (props.max - props.min)
  const unit = 'unit' in props ? (localise(props.unit, language) ?? '') : ''
  const set = (next: number) => onChange(Math.min(props.max, Math.max(props.min, Math.round(next))))

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1 }
    if (event.key === 'Home') set(props.min)
    else if (event.key === 'End') set(props.max)
    else if (event.key in moves) set(shown + (moves[event.key] ?? 0))
    else return
    event.preventDefault()
  }

  const fromPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    if (box.width === 0) return
    const x = ((event.clientX - box.left) / box.width) * SIZE - SIZE / 2
    const y = ((event.clientY - box.top) / box.height) * SIZE - SIZE / 2
    const angle = ((Math.atan2(y, x) * 180) / Math.PI - START + 720) % 360
    if (angle > SWEEP) return
    set(props.min + (angle / SWEEP) * (props.max - props.min))
  }

  const knob = polar(START + SWEEP * fraction)
  // The slider role, focus and keys sit on the wrapper, not on the <svg> (`sliderAttributes` says why).
  return (
    <div
      className="quiz-round-slider"
      {...sliderAttributes({
        invalid,
        labelId,
        errorId,
        min: props.min,
        max: props.max,
        now: shown,
        text: `${shown} ${unit}`.trim(),
      })}
      data-testid="quiz-round-slider"
      onKeyDown={onKeyDown}
    >
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true" {...sliderDrag(fromPointer)}>
        <path className="quiz-round-slider__track" d={arc(1)} />
        {fraction > 0 ? <path className="quiz-round-slider__value" d={arc(fraction)} /> : null}
        <circle className="quiz-round-slider__knob" cx={knob.x} cy={knob.y} r={11} />
        <text className="quiz-round-slider__text" x={SIZE / 2} y={SIZE / 2 + 10} textAnchor="middle">
          {current === null ? '—' : localDigits(current, language)}
        </text>
      </svg>
    </div>
  )
}
