import { toLatinDigits } from '@/lib/digits'
import { localise } from '../../domain/validation'
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
