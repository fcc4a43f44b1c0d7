import { useTranslation } from 'react-i18next'
import { toLatinDigits } from '@/lib/digits'
import { localise } from '../../domain/validation'
import { localDigits } from '../format'
import type { WidgetProps } from './widget-props'

function text(value: WidgetProps['value']): string {
  return value === null || Array.isArray(value) ? '' : String(value)
}

/**
 * The number picker: a text field for a number, Persian and Arabic-Indic digits turned into Latin as they are typed
 * [QN-32]; touched by its change [QN-36].
 */
export function NumberPicker({ question, value, onChange, invalid, labelId, errorId, language }: WidgetProps) {
  const props = question.answerUIComponent.type === 'numberPicker' ? question.answerUIComponent.props : { decimal: true }
  const unit = 'unit' in props ? localise(props.unit, language) : undefined
  return (
    <div className="quiz-number">
      <input
        id={`${question.id}-input`}
        className="quiz-input quiz-number__input"
        type="text"
        inputMode={props.decimal ? 'decimal' : 'numeric'}
        dir="ltr"
        autoComplete="off"
        aria-labelledby={labelId}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        value={text(value)}
        data-testid="quiz-number"
        onChange={(event) => {
          const latin = toLatinDigits(event.target.value).replace('٫', '.')
          onChange(latin === '' ? null : latin)
        }}
      />
      {unit ? <span className="quiz-number__unit">{unit}</span> : null}
    </div>
  )
}

/** A ruler declared without a range or sub-units [QN-37]. */
const RULER_DEFAULTS = { min: 100, max: 200, subUnits: 10 } as const

/** The ruler: a scale with sub-units (default 100 to 200, 10 per unit) read out above it [QN-37]. */
export function Ruler({ question, value, onChange, invalid, labelId, errorId, language }: WidgetProps) {
  const { t } = useTranslation()
  const declared = question.answerUIComponent.type === 'ruler' ? question.answerUIComponent.props : undefined
  const props = { ...RULER_DEFAULTS, ...declared }
  const step = 1 / props.subUnits
  const current = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null
  const shown = current ?? Math.round((props.min + props.max) / 2)
  const set = (next: number) => onChange(Math.round(Math.min(props.max, Math.max(props.min, next)) * props.subUnits) / props.subUnits)
  const unit = localise(props.unit, language) ?? ''
  return (
    <div className="quiz-ruler">
      <output className="quiz-ruler__value" htmlFor={`${question.id}-ruler`} data-testid="ruler-value">
        {current === null ? '—' : `${localDigits(current, language)} ${unit}`}
      </output>
      <div className="quiz-ruler__row">
        <button type="button" className="quiz-ruler__step" aria-label={t('quiz.widgets.decrease')} onClick={() => set(shown - 1)}>
          −
        </button>
        <input
          id={`${question.id}-ruler`}
          className="quiz-ruler__scale"
          type="range"
          min={props.min}
          max={props.max}
          step={step}
          value={shown}
          aria-labelledby={labelId}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          aria-valuetext={`${shown} ${unit}`}
          data-testid="quiz-ruler"
          onChange={(event) => set(Number(event.target.value))}
        />
        <button type="button" className="quiz-ruler__step" aria-label={t('quiz.widgets.increase')} onClick={() => set(shown + 1)}>
          +
        </button>
      </div>
      <div className="quiz-ruler__ticks" aria-hidden="true" />
    </div>
  )
}
