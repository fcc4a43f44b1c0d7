import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiMessageOr } from '@/lib/api'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { JalaliDateSelect } from '@/components/ui/jalali-date-select'
import { tehranDay } from '@/lib/dates'
import { localDigits } from '@/lib/digits'
import { toJalali } from '@/lib/jalali'
import { useAllDiets } from '../api/all-diets'
import { useSetStartDate } from '../api/start-date'
import { countStartDateEdit, startDateEdits } from '../domain/start-date-edits'

/** Sets or moves the running diet's start and counts the edits in local storage [DS-27]; nothing without one. */
export function StartDateEditor() {
  const all = useAllDiets()
  const running = all.data?.find((diet) => diet.isActive)
  // Mounted once the diet is known, so the selects start from its current start.
  return running === undefined ? null : <StartDateForm key={running.id} dietId={running.id} currentStart={running.startDate} />
}

const jalaliYear = (isoDay: string) => toJalali(new Date(isoDay)).year

function StartDateForm({ dietId, currentStart }: { dietId: number; currentStart: number | undefined }) {
  const { t, i18n } = useTranslation()
  const setStart = useSetStartDate()
  // A double tap would count two of the limited edits.
  const run = useSingleFlight()
  const titleId = useId()
  const errorId = useId()
  const [edits, setEdits] = useState(() => startDateEdits(dietId))
  const [initial] = useState(() => tehranDay(currentStart ?? Date.now()))
  const [startDate, setStartDate] = useState<string | null>(initial)
  const [incomplete, setIncomplete] = useState(false)
  // The BFF takes today to 60 days ahead, so this Jalali year and the next; a current start from last year stays shown.
  const [thisYear] = useState(() => jalaliYear(tehranDay(Date.now())))
  const fromYear = Math.min(thisYear, jalaliYear(initial))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setIncomplete(startDate === null)
    if (startDate === null) return
    run(() => setStart.mutateAsync({ id: dietId, startDate }, { onSuccess: () => setEdits(countStartDateEdit(dietId)) }))
  }
  const error = incomplete ? t('panel.startDate.incomplete') : setStart.isError ? apiMessageOr(setStart.error, t('panel.error')) : undefined
  return (
    <form className="diet-card" data-testid="start-date-editor" onSubmit={submit} noValidate>
      <h2 className="diet-card__title" id={titleId}>
        {t('panel.startDate.title')}
      </h2>
      <JalaliDateSelect
        value={startDate}
        onChange={(value) => {
          setStartDate(value)
          if (value !== null) setIncomplete(false)
        }}
        fromYear={fromYear}
        toYear={thisYear + 1}
        testIdPrefix="start-date"
        invalid={error !== undefined}
        labelledBy={titleId}
        describedBy={error === undefined ? undefined : errorId}
      />
      <button className="diet-card__action" type="submit" disabled={setStart.isPending} data-testid="start-date-save">
        {t('panel.startDate.save')}
      </button>
      <p className="diet-card__hint" data-testid="start-date-edits">
        {t('panel.startDate.edits', { count: localDigits(edits, i18n.language) })}
      </p>
      {error === undefined ? null : (
        <p className="diet-card__error" role="alert" id={errorId} data-testid="start-date-error">
          {error}
        </p>
      )}
    </form>
  )
}
