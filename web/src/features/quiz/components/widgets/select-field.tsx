import { useTranslation } from 'react-i18next'
import { localise } from '../../domain/validation'
import type { WidgetProps } from './widget-props'
import '@/components/ui/ui.css'

/** A native select; choosing is the answer [QN-36]. */
export function SelectField({ question, options, value, onChange, invalid, labelId, errorId, language }: WidgetProps) {
  const { t } = useTranslation()
  return (
    <select
      id={`${question.id}-select`}
      className="field-input quiz-select"
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
      aria-describedby={errorId}
      value={typeof value === 'string' ? value : ''}
      data-testid="quiz-select"
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    >
      <option value="">{t('quiz.widgets.choose')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {localise(option.title, language)}
        </option>
      ))}
    </select>
  )
}
