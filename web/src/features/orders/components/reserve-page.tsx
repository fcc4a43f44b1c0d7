import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { localDigits } from '@/lib/digits'
import { formatDay } from '@/lib/dates'
import { useActivateReserve, useReservedPackages, RESERVED_STATUS } from '../api/orders'
import { ACTIVATION_MESSAGES, ACTIVATION_MESSAGE_MS, type ActivationOutcome } from '../domain/reserve-activation'
import { EmptyList } from './empty-list'
import '../orders.css'

/** The activation message and when it goes: 10 s after it appeared [PM-74]. */
function useActivationMessage() {
  const [shown, setShown] = useState<{ outcome: ActivationOutcome } | null>(null)
  useEffect(() => {
    if (shown === null) return
    const timer = window.setTimeout(() => setShown(null), ACTIVATION_MESSAGE_MS)
    return () => window.clearTimeout(timer)
  }, [shown])
  return [shown?.outcome ?? null, (outcome: ActivationOutcome) => setShown({ outcome })] as const
}

/**
 * `/reserve`: the diet packages holding a `RESERVED` diet, each with an activate button [PM-70]. The answer shows
 * 'activated', 'another diet is running' or 'failed' for 10 s [PM-71…PM-74]; a failed load shows the empty list
 * [ER-50].
 */
export function ReservePage() {
  const { t, i18n } = useTranslation()
  const packages = useReservedPackages()
  const activate = useActivateReserve()
  const run = useSingleFlight()
  const [outcome, show] = useActivationMessage()
  const language = i18n.language

  const start = (dietId: number) => run(() => activate.mutateAsync(dietId, { onSuccess: show }))

  return (
    <section className="orders-page" data-testid="reserve-list">
      <h1 className="page-title">{t('orders.reservesTitle')}</h1>
      {outcome !== null ? (
        <p
          className={`orders-page__message orders-page__message--${outcome}`}
          role={outcome === 'activated' ? 'status' : 'alert'}
          data-testid="reserve-message"
        >
          {t(ACTIVATION_MESSAGES[outcome])}
        </p>
      ) : null}
      {packages.isPending ? (
        <p className="orders-page__loading">{t('orders.loading')}</p>
      ) : packages.isError || packages.data.length === 0 ? (
        <EmptyList />
      ) : (
        <ul className="orders-page__list">
          {packages.data.map((dietPackage) => (
            <li key={dietPackage.id} className="order-card" data-testid="reserve-row" data-package-id={dietPackage.id}>
              <h2 className="order-card__title">{dietPackage.meta.title}</h2>
              <p>{t('orders.date', { date: formatDay(dietPackage.createdAt, language) })}</p>
              <p>{t('orders.dietCount', { count: localDigits(dietPackage.dietCount, language) })}</p>
              {dietPackage.meta.withMentor ? <p>{t('orders.withMentor')}</p> : null}
              {dietPackage.diets
                .filter((diet) => diet.status === RESERVED_STATUS)
                .map((diet) => (
                  <button
                    key={diet.id}
                    type="button"
                    className="primary-button order-card__activate"
                    data-testid="activate-reserve"
                    disabled={activate.isPending}
                    aria-busy={activate.isPending && activate.variables === diet.id}
                    onClick={() => start(diet.id)}
                  >
                    {t(activate.isPending && activate.variables === diet.id ? 'orders.activating' : 'orders.activate')}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
