import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { ApiError } from '@/lib/api'
import { formatAmount } from '@/lib/money'
import { useSwitchPoints, useTotalPoints } from '../api/points'
import type { CheckoutMessage } from '../domain/messages'
import { pointsErrorMessage, pointsSwitchState } from '../domain/points'
import { useFormatPrice } from '@/components/hooks/use-format-price'
import type { Invoice } from '../types'
import { CheckoutNote } from './checkout-message'

/**
 * 'استفاده از امتیاز' [PR-14…PR-24]: the switch follows the invoice's points status; turning it sets or cancels the
 * points, and a refusal shows its message while the invoice stays as it was [ER-34, ER-35].
 */
export function PointsSwitch({ orderId, invoice }: { orderId: number; invoice: Invoice }) {
  const { t, i18n } = useTranslation()
  const formatPrice = useFormatPrice()
  const labelId = useId()
  const totalPoints = useTotalPoints()
  const switchPoints = useSwitchPoints(orderId)
  const run = useSingleFlight()
  const [failure, setFailure] = useState<CheckoutMessage | null>(null)
  const unused = totalPoints.data?.unUsedPoints
  const state = pointsSwitchState({
    status: invoice.userPointStatus,
    basketItems: invoice.basketItems,
    unusedValue: unused?.monetaryValue,
  })

  // Points a live hold of another, unpaid order keeps: the balance is lower than the customer remembers, and says why.
  const ownHold = invoice.userPointStatus === 'ADDED_TO_ORDER' || invoice.userPointStatus === 'RESERVED'
  const heldElsewhere = ownHold ? 0 : (totalPoints.data?.reservedPoints.count ?? 0)

  const toggle = async () => {
    const on = !state.on
    setFailure(null)
    try {
      await switchPoints.mutateAsync(on)
    } catch (error) {
      setFailure(
        error instanceof ApiError ? pointsErrorMessage(on ? 'set' : 'unset', error) : { key: 'checkout.errors.generic' },
      )
    }
  }

  return (
    <section className="points" data-testid="points-section">
      <div className="points__row">
        <span className="points__text">
          <span id={labelId} className="points__label">
            {t('checkout.points.label')}
          </span>
          {unused ? (
            <span className="points__balance" data-testid="points-balance">
              {t('checkout.points.balance', {
                count: formatAmount(unused.count, i18n.language),
                value: formatPrice(unused.monetaryValue, totalPoints.data?.currency),
              })}
            </span>
          ) : null}
        </span>
        <button
          type="button"
          role="switch"
          className="points__switch"
          data-testid="points-switch"
          data-status={invoice.userPointStatus ?? 'NONE'}
          aria-labelledby={labelId}
          aria-checked={state.on}
          aria-busy={switchPoints.isPending}
          disabled={state.disabled || switchPoints.isPending}
          onClick={() => run(toggle)}
        >
          <span className="points__knob" aria-hidden="true" />
        </button>
      </div>
      {invoice.userPointStatus === 'RESERVED' ? (
        <p className="points__hint" data-testid="points-reserved">
          {t('checkout.points.reserved')}
        </p>
      ) : null}
      {heldElsewhere > 0 ? (
        <p className="points__hint" data-testid="points-held-elsewhere">
          {t('checkout.points.heldElsewhere', { count: formatAmount(heldElsewhere, i18n.language) })}
        </p>
      ) : null}
      {state.maxUsage ? (
        <CheckoutNote message={{ key: 'checkout.points.maxUsage' }} tone="info" testId="points-message" />
      ) : null}
      {failure ? <CheckoutNote message={failure} tone="error" testId="points-message" /> : null}
    </section>
  )
}
