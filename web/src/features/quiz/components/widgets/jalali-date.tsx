import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { daysInJalaliMonth, fromJalali, isoDay, jalaliMonthNames, jalaliOfIso, type JalaliDate } from '../../domain/jalali'
import { localDigits } from '../format'
import type { WidgetProps } from './widget-props'

type Parts = Partial<JalaliDate>

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index)
}

/** A Jalali date as day, month and year selects; the answer is the Gregorian day, set once all three are chosen. */
export function JalaliDateField({ question, value, onChange, invalid, labelId, errorId, language }: WidgetProps) {
  const { t } = useTranslation()
  const props = question.answerUIComponent.type === 'date' ? question.answerUIComponent.props : { fromYear: 1300, toYear: 1410 }
  const [parts, setParts] = useState<Parts>(() => (typeof value === 'string' ? (jalaliOfIso(value) ?? {}) : {}))
  const months = useMemo(() => jalaliMonthNames(), [])
  const days = parts.year !== undefined && parts.month !== undefined ? daysInJalaliMonth(parts.year, parts.month) : 31

  const update = (patch: Parts) => {
    const next = { ...parts, ...patch }
    if (next.year !== undefined && next.month !== undefined && next.day !== undefined) {
      next.day = Math.min(next.day, daysInJalaliMonth(next.year, next.month))
    }
    setParts(next)
    const { year, month, day } = next
    const date = year !== undefined && month !== undefined && day !== undefined ? fromJalali({ year, month, day }) : null
    onChange(date === null ? null : isoDay(date))
  }

  const select = (part: keyof JalaliDate, label: string, choices: { value: number; label: string }[]) => (
    <label className="quiz-date__part">
      <span className="visually-hidden">{label}</span>
      <select
        className="quiz-input quiz-select"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        value={parts[part] ?? ''}
        data-testid={`date-${part}`}
        onChange={(event) => update({ [part]: event.target.value === '' ? undefined : Number(event.target.value) })}
      >
        <option value="">{label}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <div role="group" aria-labelledby={labelId} className="quiz-date">
      {select('day', t('quiz.widgets.day'), range(1, days).map((day) => ({ value: day, label: localDigits(day, language) })))}
      {select('month', t('quiz.widgets.month'), months.map((name, index) => ({ value: index + 1, label: name })))}
      {select(
        'year',
        t('quiz.widgets.year'),
        range(props.fromYear, props.toYear)
          .reverse()
          .map((year) => ({ value: year, label: localDigits(year, language) })),
      )}
    </div>
  )
}
