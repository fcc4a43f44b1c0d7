import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { localDigits } from '@/lib/digits'
import { daysInJalaliMonth, fromJalali, isoDay, jalaliMonthNames, jalaliOfIso, type JalaliDate } from '@/lib/jalali'
import './ui.css'

type Parts = Partial<JalaliDate>

export interface JalaliDateSelectProps {
  /** The chosen day as an ISO Gregorian day (`YYYY-MM-DD`), null while none is. */
  value: string | null
  /** Called with the ISO day once day, month and year are all chosen, with null when one is cleared. */
  onChange: (value: string | null) => void
  /** The Jalali years on offer, both included. */
  fromYear: number
  toYear: number
  /** Years from the newest down (birth dates), else from the oldest up (dates to come). */
  newestFirst?: boolean
  /** The selects' test ids are `${testIdPrefix}-day`, `-month` and `-year`. */
  testIdPrefix: string
  invalid?: boolean
  /** id of the text naming the whole date. */
  labelledBy?: string
  /** id of the error text, when shown. */
  describedBy?: string
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)
}

const partsOf = (value: string | null): Parts => (value === null ? {} : (jalaliOfIso(value) ?? {}))

function isoOf({ year, month, day }: Parts): string | null {
  if (year === undefined || month === undefined || day === undefined) return null
  const date = fromJalali({ year, month, day })
  return date === null ? null : isoDay(date)
}

/**
 * A date as Jalali day, month and year selects (Persian customers think in the Jalali calendar), digits and month
 * names in the UI language; it reads and writes the ISO Gregorian day, which is what the BFF and the stored answers
 * hold.
 */
export function JalaliDateSelect({
  value,
  onChange,
  fromYear,
  toYear,
  newestFirst = false,
  testIdPrefix,
  invalid = false,
  labelledBy,
  describedBy,
}: JalaliDateSelectProps) {
  const { t, i18n } = useTranslation()
  // A half-chosen date has no ISO day yet, so the parts are kept here and only a whole date goes out.
  const [parts, setParts] = useState<Parts>(() => partsOf(value))
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    // A value set from outside (a default arriving, a reset) replaces the parts; our own change already matches.
    setShown(value)
    if (value !== isoOf(parts)) setParts(partsOf(value))
  }
  const months = useMemo(() => jalaliMonthNames(`${i18n.language}-u-ca-persian`), [i18n.language])
  const days = parts.year !== undefined && parts.month !== undefined ? daysInJalaliMonth(parts.year, parts.month) : 31
  const years = range(fromYear, toYear)
  if (newestFirst) years.reverse()

  const update = (patch: Parts) => {
    const next = { ...parts, ...patch }
    // 31 chosen before a 30-day month: the last day of that month rather than no date.
    if (next.year !== undefined && next.month !== undefined && next.day !== undefined) {
      next.day = Math.min(next.day, daysInJalaliMonth(next.year, next.month))
    }
    const iso = isoOf(next)
    setParts(next)
    setShown(iso)
    onChange(iso)
  }

  const select = (part: keyof JalaliDate, label: string, choices: { value: number; label: string }[]) => (
    <label className="date-select__part">
      <span className="visually-hidden">{label}</span>
      <select
        className="field-input date-select__input"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={parts[part] ?? ''}
        data-testid={`${testIdPrefix}-${part}`}
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

  const number = (n: number) => ({ value: n, label: localDigits(n, i18n.language) })
  return (
    <div role="group" aria-labelledby={labelledBy} className="date-select">
      {select('day', t('date.day'), range(1, days).map(number))}
      {select('month', t('date.month'), months.map((name, index) => ({ value: index + 1, label: name })))}
      {select('year', t('date.year'), years.map(number))}
    </div>
  )
}
