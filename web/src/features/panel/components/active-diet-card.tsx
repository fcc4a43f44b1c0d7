import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiError } from '@/lib/api'
import { formatDay } from '@/lib/dates'
import { localDigits } from '@/lib/digits'
import { ACTIVE_DIET_NOT_OK, useActiveDiet } from '../api/active-diet'
import { displayState, offersNewDiet, questionsPath } from '../domain/display-state'
import { isCloseToExpiry, packageNotes, placeInPackage } from '../domain/package-notes'
import '../panel.css'

/**
 * The customer's diet package at a glance: its display state [DS-15…DS-21], days left, and the next step — answering
 * the diet questions after paying, buying when payment is awaited (or nothing was ever ordered), a new diet when it
 * expired or is close to expiry [DS-23] — and the dates a paying customer looks for: when a card receipt was sent,
 * when the package ends.
 */
export function ActiveDietCard() {
  const { t, i18n } = useTranslation()
  const diet = useActiveDiet(true)

  if (diet.isPending) return <p className="diet-card__loading">{t('panel.loading')}</p>
  if (diet.isError) {
    // An answer with ok false says what went wrong in its msg [ER-60]; any other failure gets the panel's message.
    const { error } = diet
    const okFalse = error instanceof ApiError && error.code === ACTIVE_DIET_NOT_OK
    return (
      <p className="diet-card__error" role="alert" data-testid="active-diet-error">
        {okFalse && error.message ? error.message : t('panel.error')}
      </p>
    )
  }

  const { status, remainDays, orderId } = diet.data
  if (orderId === undefined) {
    return (
      <section className="diet-card" data-testid="active-diet" data-status="NONE">
        <h2 className="diet-card__title">{t('panel.title')}</h2>
        <p className="diet-card__hint">{t('panel.noDiet')}</p>
        <Link className="diet-card__action" to="/select-package" data-testid="buy-diet">
          {t('panel.buy')}
        </Link>
      </section>
    )
  }
  const state = displayState(status, remainDays, diet.data)
  const place = placeInPackage(diet.data)
  return (
    <section className="diet-card" data-testid="active-diet" data-status={status} data-state={state}>
      <h2 className="diet-card__title">{t('panel.title')}</h2>
      <p className={`diet-card__state diet-card__state--${state}`} data-testid="active-diet-state">
        {t(`panel.states.${state}`)}
      </p>
      {state === 'active' && remainDays !== undefined ? (
        <p className="diet-card__days">{t('panel.remainDays', { days: localDigits(remainDays, i18n.language) })}</p>
      ) : null}
      {place !== undefined ? (
        <p className="diet-card__note" data-testid="active-diet-place">
          {t('panel.placeInPackage', {
            current: localDigits(place.current, i18n.language),
            count: localDigits(place.count, i18n.language),
          })}
        </p>
      ) : null}
      {isCloseToExpiry(diet.data) ? (
        <p className="diet-card__hint" role="status" data-testid="active-diet-close-to-expire">
          {t('panel.closeToExpire')}
        </p>
      ) : null}
      {packageNotes(diet.data).map((note) => (
        <p key={note.key} className="diet-card__note" data-testid={`active-diet-${note.key}`}>
          {t(`panel.notes.${note.key}`, { date: formatDay(note.at, i18n.language) })}
        </p>
      ))}
      {state === 'answering' ? (
        <>
          <p className="diet-card__hint">{t('panel.answerHint')}</p>
          <Link className="diet-card__action" to={questionsPath(status)} data-testid="answer-questions">
            {t('panel.answerQuestions')}
          </Link>
        </>
      ) : null}
      {state === 'issuing' ? <p className="diet-card__hint">{t('panel.issuingHint')}</p> : null}
      {/* A payment abandoned or refused [DS-18] leaves the order to pay, like one never tried. */}
      {state === 'awaitingPayment' || state === 'paymentNotConfirmed' ? (
        <Link className="diet-card__action" to="/select-package" data-testid="buy-diet">
          {t('panel.buy')}
        </Link>
      ) : null}
      {offersNewDiet(diet.data) ? (
        <Link className="diet-card__action" to="/select-package?source=panel" data-testid="request-new-diet">
          {t('panel.requestNew')}
        </Link>
      ) : null}
    </section>
  )
}
