import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { localDigits } from '@/lib/digits'
import { useAllDiets } from '../api/all-diets'
import { useSetStartDate } from '../api/start-date'
import { countStartDateEdit, startDateEdits } from '../domain/start-date-edits'

/** Sets or moves the running diet's start and counts the edits in local storage [DS-27]; nothing without one. */
export function StartDateEditor() {
  const { t, i18n } = useTranslation()
  const all = useAllDiets()
  const running = all.data?.find((diet) => diet.isActive)
  const setStart = useSetStartDate()
  const [edits, setEdits] = useState<number | undefined>(undefined)
  const { register, handleSubmit } = useForm<{ startDate: string }>()

  if (running === undefined) return null
  const count = edits ?? startDateEdits(running.id)
  const submit = handleSubmit(({ startDate }) =>
    setStart.mutate({ id: running.id, startDate }, { onSuccess: () => setEdits(countStartDateEdit(running.id)) }),
  )
  return (
    <form className="diet-card" data-testid="start-date-editor" onSubmit={submit}>
      <h2 className="diet-card__title">{t('panel.startDate.title')}</h2>
      <input type="date" required aria-label={t('panel.startDate.title')} data-testid="start-date-input" {...register('startDate')} />
      <button className="diet-card__action" type="submit" disabled={setStart.isPending} data-testid="start-date-save">
        {t('panel.startDate.save')}
      </button>
      <p className="diet-card__hint" data-testid="start-date-edits">
        {t('panel.startDate.edits', { count: localDigits(count, i18n.language) })}
      </p>
      {setStart.isError ? (
        <p className="diet-card__error" role="alert" data-testid="start-date-error">
          {setStart.error.message}
        </p>
      ) : null}
    </form>
  )
}
