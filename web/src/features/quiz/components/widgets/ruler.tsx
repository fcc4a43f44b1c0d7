import type { CSSProperties, KeyboardEvent, PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { localise } from '../../domain/validation'
import { localDigits } from '../format'
import { fractionOf, rulerScale, stepBy, valueAfterKey, valueAt } from './ruler-scale'
import { sliderAttributes, sliderDrag } from './slider'
import type { WidgetProps } from './widget-props'

function numberIn(value: WidgetProps['value']): number | null {
  if (typeof value === 'number') return value
  if (typeof value !== 'string' || value.trim() === '') return null
  const parsed = Number(value)
  return Number.isFinite(parsed) ? parsed : null
}

function directionOf(element: Element): 'rtl' | 'ltr' {
  return getComputedStyle(element).direction === 'rtl' ? 'rtl' : 'ltr'
}

/**
 * The ruler (role slider): a scale with sub-units (default 100 to 200, 10 per unit) [QN-37]. A tap or a drag on the
 * scale, the arrow, page, Home and End keys, or the +/− buttons set the value; the thumb sits on the value. Until the
 * visitor sets one there is no thumb and no value, so the step is not answered and does not look answered.
 */
export function Ruler({ question, value, onChange, invalid, labelId, errorId, language }: WidgetProps) {
  const { t } = useTranslation()
  const scale = rulerScale(question.answerUIComponent.type === 'ruler' ? question.answerUIComponent.props : undefined)
  const unitText = question.answerUIComponent.type === 'ruler' ? question.answerUIComponent.props?.unit : undefined
  const unit = localise(unitText, language) ?? ''
  const current = numberIn(value)
  const shown = current === null ? null : `${localDigits(current, language)} ${unit}`.trim()

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    if (box.width === 0) return
    const along = (event.clientX - box.left) / box.width
    const fraction = Math.min(1, Math.max(0, directionOf(event.currentTarget) === 'rtl' ? 1 - along : along))
    onChange(valueAt(fraction, scale))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = valueAfterKey(event.key, current, scale, directionOf(event.currentTarget))
    if (next === null) return
    event.preventDefault()
    onChange(next)
  }

  return (
    <div className="quiz-ruler">
      <output className="quiz-ruler__value" data-testid="ruler-value" aria-hidden="true">
        {shown ?? '—'}
      </output>
      {current === null ? <p className="quiz-ruler__hint">{t('quiz.widgets.rulerHint')}</p> : null}
      <div className="quiz-ruler__row">
        <button type="button" className="quiz-ruler__step" aria-label={t('quiz.widgets.decrease')} onClick={() => onChange(stepBy(current, -1, scale))}>
          −
        </button>
        <div
          id={`${question.id}-ruler`}
          className="quiz-ruler__scale"
          {...sliderAttributes({
            invalid,
            labelId,
            errorId,
            min: scale.min,
            max: scale.max,
            now: current,
            text: shown ?? t('quiz.widgets.rulerUnset'),
          })}
          data-testid="quiz-ruler"
          data-value={current ?? undefined}
          data-sub-units={scale.subUnits}
          onKeyDown={onKeyDown}
          {...sliderDrag(fromPointer)}
        >
          <div className="quiz-ruler__ticks" style={{ '--ruler-units': scale.max - scale.min } as CSSProperties} aria-hidden="true" />
          {current === null ? null : (
            <span
              className="quiz-ruler__thumb"
              data-testid="ruler-thumb"
              style={{ insetInlineStart: `${fractionOf(current, scale) * 100}%` }}
              aria-hidden="true"
            />
          )}
        </div>
        <button type="button" className="quiz-ruler__step" aria-label={t('quiz.widgets.increase')} onClick={() => onChange(stepBy(current, 1, scale))}>
          +
        </button>
      </div>
    </div>
  )
}
