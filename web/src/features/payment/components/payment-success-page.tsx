import { useEffect, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { loginPathFor } from '@/lib/auth'
import { localDigits } from '@/lib/digits'
import { useFormatPrice } from '@/components/hooks/use-format-price'
import { sendAnalyticsEvent } from '@/lib/analytics'
import { settings } from '@/config/flags'
import { paths, withQuery } from '@/config/paths'
import { useMentorSupport, usePaidInvoice, usePartnerDiscountSms } from '../api/payment-result'
import {
  hasLimooPlus,
  isPartnerDiscountOrder,
  resultOrderId,
  successPageState,
  trackOrderTarget,
  type SuccessPageState,
} from '../domain/success-page'
import type { Invoice } from '../types'
import '../payment.css'

/** The purchase event, sent once the invoice is known [PM-61]. */
function sendPurchaseEvent(invoice: Invoice) {
  void sendAnalyticsEvent({
    action: 'purchase',
    category: 'ecommerce',
    label: String(invoice.id),
    meta: {
      transactionId: String(invoice.id),
      value: invoice.totalFinalPrice,
      items: invoice.basketItems.map((item) => ({ id: item.productId, name: item.title, price: item.finalPrice })),
    },
  })
}

/** The app's next step after a purchase (the diet questions, from the panel), given by the router. */
export type NextStepSlot = ComponentType<{ limooPlus: boolean }>

interface PaidOrderProps {
  invoice: Invoice
  goToLimooCard: boolean
  partnerFromQuery: boolean
  NextStep: NextStepSlot
}

function PaidOrder({ invoice, goToLimooCard, partnerFromQuery, NextStep }: PaidOrderProps) {
  const { t, i18n } = useTranslation()
  const formatPrice = useFormatPrice()
  const [query] = useSearchParams()
  const mentor = useMentorSupport(true)
  const partnerSms = usePartnerDiscountSms(invoice.id, isPartnerDiscountOrder(invoice, partnerFromQuery))
  const track = trackOrderTarget(invoice, goToLimooCard)
  const limooPlus = hasLimooPlus(invoice)

  useEffect(() => sendPurchaseEvent(invoice), [invoice])

  return (
    <>
      <p className="payment-result__order" data-testid="paid-order-id">
        {t('payment.result.orderNumber', { id: localDigits(invoice.id, i18n.language) })}
      </p>
      <p className="payment-result__order" data-testid="paid-amount">
        {t('payment.result.paidAmount', { amount: formatPrice(invoice.totalPrice) })}
      </p>
      {limooPlus ? (
        <p className="payment-result__note" data-testid="limoo-plus-instructions">
          {t('payment.result.limooPlus')}
        </p>
      ) : null}
      {partnerSms.data ? (
        <p className="payment-result__note" data-testid="partner-sms">
          {partnerSms.data}
        </p>
      ) : null}
      <div className="payment-result__actions">
        <NextStep limooPlus={limooPlus} />
        {track.kind === 'external' ? (
          <a className="primary-button" href={track.href} data-testid="track-order">
            {t('payment.result.trackOrder')}
          </a>
        ) : (
          <Link className="primary-button" to={track.path} data-testid="track-order">
            {t('payment.result.trackOrder')}
          </Link>
        )}
        {mentor.data?.kind === 'link' ? (
          <a className="secondary-button" href={mentor.data.href} data-testid="support-button">
            {t('payment.result.support')}
          </a>
        ) : null}
        {mentor.data?.kind === 'login' ? (
          <Link
            className="secondary-button"
            to={loginPathFor(withQuery(paths.paymentSuccess, query))}
            data-testid="login-button"
          >
            {t('payment.result.login')}
          </Link>
        ) : null}
      </div>
    </>
  )
}

/**
 * The result query's `goToLimooCard`, else the session's: the gateway sends the customer back with only
 * `status` and `orderId`, so a flag set when the purchase began lives in session storage [PM-67].
 */
function goToLimooCard(query: URLSearchParams): boolean {
  const fromQuery = query.get('goToLimooCard')
  return fromQuery === null ? settings.goToLimooCard() : fromQuery === 'true'
}

/** Where a customer without a paid order to show goes on: the orders history, or home. */
function WayOn() {
  const { t } = useTranslation()
  return (
    <div className="payment-result__actions">
      <Link className="primary-button" to={paths.ordersHistory} data-testid="orders-history-link">
        {t('payment.resultState.ordersHistory')}
      </Link>
      <Link className="secondary-button" to={paths.home} data-testid="home-link">
        {t('payment.resultState.home')}
      </Link>
    </div>
  )
}

const TITLES: Record<SuccessPageState, string> = {
  paid: 'payment.result.successTitle',
  loading: 'payment.resultState.checkingTitle',
  failed: 'payment.resultState.checkingTitle',
  unpaid: 'payment.resultState.unpaidTitle',
  unknown: 'payment.resultState.unknownTitle',
}

/**
 * /payment-success: the paid order, purchase event, support or login button, LIMOO_PLUS and partner texts (spec 2 §2).
 * It claims success only once the invoice says the order is paid; otherwise one neutral state with a way on.
 */
export function PaymentSuccessPage({ NextStep }: { NextStep: NextStepSlot }) {
  const { t } = useTranslation()
  const [query] = useSearchParams()
  const orderId = resultOrderId(query)
  const invoice = usePaidInvoice(orderId)
  const state = successPageState(orderId, invoice)

  let body
  if (state === 'paid' && invoice.data) {
    body = (
      <PaidOrder
        invoice={invoice.data}
        goToLimooCard={goToLimooCard(query)}
        partnerFromQuery={query.get('isPartnerDiscount') === 'true'}
        NextStep={NextStep}
      />
    )
  } else if (state === 'loading') {
    body = (
      <p className="status-line" role="status">
        {t('payment.result.loading')}
      </p>
    )
  } else if (state === 'failed') {
    body = (
      <section className="status-line status-line--error" role="alert" data-testid="paid-invoice-error">
        <p>{t('payment.result.invoiceFailed')}</p>
        <button type="button" className="checkout-error__retry" onClick={() => void invoice.refetch()}>
          {t('payment.result.reload')}
        </button>
      </section>
    )
  } else {
    body = (
      <>
        <p className="payment-result__note" data-testid="payment-not-confirmed">
          {t(state === 'unpaid' ? 'payment.resultState.unpaidBody' : 'payment.resultState.unknownBody')}
        </p>
        <WayOn />
      </>
    )
  }

  return (
    <div
      className={`payment-result${state === 'paid' ? ' payment-result--success' : ''}`}
      data-testid="payment-success-page"
      data-state={state}
    >
      <h1 className="page-title">{t(TITLES[state] as 'payment.result.successTitle')}</h1>
      {body}
    </div>
  )
}
