import { useTranslation } from 'react-i18next'
import { toLatinDigits } from '@/lib/digits'
import { readLabValue, type LabTest } from '../../domain/lab-ranges'
import { localise } from '../../domain/validation'
import type { WidgetProps } from './widget-props'
import '@/components/ui/ui.css'

function text(value: WidgetProps['value']): string {
  return value === null || Array.isArray(value) ? '' : String(value)
}

/** Normal, borderline or out of range beside a laboratory value, once it reads as a number [CT-16, CT-17]. */
function LabLabel({ test, value }: { test: LabTest; value: string }) {
  const { t } = useTranslation()
  const reading = value.trim() === '' ? null : readLabValue(test, Number(value))
  if (reading === null) return null
  return (
    <span className={`quiz-number__lab quiz-number__lab--${reading}`} data-testid="lab-label" data-reading={reading} role="status">
      {t(`quiz.widgets.lab.${reading}`)}
    </span>
  )
}

/**
 * The number picker: a text field for a number, Persian and Arabic-Indic digits turned into Latin as they are typed
 * [QN-32]; touched by its change [QN-36].
 */
export function NumberPicker({ question, value, onChange, invalid, labelId, errorId, language }: WidgetProps) {
  const props = question.answerUIComponent.type === 'numberPicker' ? question.answerUIComponent.props : { decimal: true }
  const unit = 'unit' in props ? localise(props.unit, language) : undefined
  const lab = 'lab' in props ? props.lab : undefined
  return (
    <div className="quiz-number">
      <input
        id={`${question.id}-input`}
        className="field-input quiz-number__input"
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
      {lab ? <LabLabel test={lab} value={text(value)} /> : null}
    </div>
  )
}
