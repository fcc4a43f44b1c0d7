import { useTranslation } from 'react-i18next'
import { localise } from '../../domain/validation'
import { localDigits } from '../format'
import { toggleChoice } from './exclusive'
import type { WidgetProps } from './widget-props'

function selection(value: WidgetProps['value']): string[] {
  return Array.isArray(value) ? value : []
}

/** Checkbox group with an exclusive "none" option [QN-30]. */
export function CheckboxGroup({ question, options, value, onChange, invalid, labelId, errorId, language }: WidgetProps) {
  const chosen = selection(value)
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={errorId} className="quiz-checkboxes" data-invalid={invalid || undefined}>
      {options.map((option) => {
        const id = `${question.id}-${option.value}`
        const checked = chosen.includes(option.value)
        return (
          <label key={option.value} htmlFor={id} className={`quiz-checkbox${checked ? ' quiz-checkbox--checked' : ''}`}>
            <input
              id={id}
              type="checkbox"
              checked={checked}
              data-testid="quiz-option"
              data-value={option.value}
              onChange={() => onChange(toggleChoice(chosen, option.value, options))}
            />
            <span>{localise(option.title, language)}</span>
          </label>
        )
      })}
    </div>
  )
}

/** Tagged multi-select: chips that can be pressed up to the limit [QN-37]. */
export function TagSelect({ question, options, value, onChange, labelId, errorId, language }: WidgetProps) {
  const { t } = useTranslation()
  const chosen = selection(value)
  const limit = question.answerUIComponent.type === 'tags' ? question.answerUIComponent.props.limit : undefined
  const full = limit !== undefined && chosen.length >= limit
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={errorId} className="quiz-tags">
      {options.map((option) => {
        const pressed = chosen.includes(option.value)
        const blocked = full && !pressed && !option.xor
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            disabled={blocked}
            className={`quiz-tag${pressed ? ' quiz-tag--pressed' : ''}`}
            data-testid="quiz-option"
            data-value={option.value}
            onClick={() => onChange(toggleChoice(chosen, option.value, options))}
          >
            {localise(option.title, language)}
          </button>
        )
      })}
      {limit !== undefined ? (
        <p className="quiz-hint" data-testid="tags-limit">
          {t('quiz.widgets.tagsLimit', { selected: localDigits(chosen.length, language), limit: localDigits(limit, language) })}
        </p>
      ) : null}
    </div>
  )
}
