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
import { countStartDateEdit, resetStartDateEdits } from '../domain/start-date-edits'

/**
 * Sets or moves the running diet's start and counts the edits in local storage [DS-27]. Offered only while the server
 * would accept a move (not underway more than a week, moves left); a diet whose last move was just made here keeps
 * the form, locked, so the customer sees what was saved.
 */
export function StartDateEditor() {
  const all = useAllDiets()
  const [savedFor, setSavedFor] = useState<number>()
  const running = all.data?.find((diet) => diet.isActive)
  if (running === undefined || (!running.canMoveStartDate && savedFor !== running.id)) return null
  // Mounted once the diet is known, and again once the server recorded a move, so the selects and the counter start
  // from what it holds.
  return (
    <StartDateForm
      key={`${running.id}-${running.startDateMoves}`}
      dietId={running.id}
      currentStart={running.startDate}
      recordedMoves={running.startDateMoves}
      locked={!running.canMoveStartDate}
      onSaved={() => setSavedFor(running.id)}
    />
  )
}

const jalaliYear = (isoDay: string) => toJalali(new Date(isoDay)).year

interface StartDateFormProps {
  dietId: number
  currentStart: number | undefined
  /** The moves the server recorded, which the device's counter is reset to. */
  recordedMoves: number
  /** No more moves are accepted. */
  locked: boolean
  onSaved: () => void
}

function StartDateForm({ dietId, currentStart, recordedMoves, locked, onSaved }: StartDateFormProps) {
  const { t, i18n } = useTranslation()
  const setStart = useSetStartDate()
  // A double tap would count two of the limited edits.
  const run = useSingleFlight()
  const titleId = useId()
  const errorId = useId()
  const [edits, setEdits] = useState(() => resetStartDateEdits(dietId, recordedMoves))
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
    run(() =>
      setStart.mutateAsync(
        { id: dietId, startDate },
        {
          onSuccess: () => {
            setEdits(countStartDateEdit(dietId))
            onSaved()
          },
        },
      ),
    )
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
      <button className="diet-card__action" type="submit" disabled={setStart.isPending || locked} data-testid="start-date-save">
        {t('panel.startDate.save')}
      </button>
      {locked ? (
        <p className="diet-card__hint" role="status" data-testid="start-date-locked">
          {t('panel.startDate.locked')}
        </p>
      ) : null}
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
