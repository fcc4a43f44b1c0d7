import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { paths, withQuery } from '@/config/paths'
import { usePaidInvoice } from '../api/payment-result'
import { resultOrderId } from '../domain/success-page'
import '../payment.css'

/**
 * /payment-fail: the payment failed, money returns within 72 hours, and a retry back to checkout [PM-68]. An order
 * that is paid after all (a late verify, another tab) goes to the success page instead: a customer told "failed"
 * for an order they paid would pay again.
 */
export function PaymentFailPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [query] = useSearchParams()
  const invoice = usePaidInvoice(resultOrderId(query))
  if (invoice.data?.status === 'PAYMENT_SUCCESS') return <Navigate to={withQuery(paths.paymentSuccess, query)} replace />

  const retry = () => {
    // The checkout pays the order kept in session storage [PM-50]: keep (or restore) the failed one there.
    const orderId = resultOrderId(query)
    if (orderId !== null) sessionStorage.setItem('lemonadeOrderId', String(orderId))
    void navigate(paths.checkoutNew)
  }

  return (
    <div className="payment-result payment-result--fail" data-testid="payment-fail-page">
      <h1 className="page-title">{t('payment.result.failTitle')}</h1>
      <p className="payment-result__note">{t('payment.result.refund')}</p>
      <div className="payment-result__actions">
        <button type="button" className="primary-button" data-testid="payment-retry" onClick={retry}>
          {t('payment.result.retry')}
        </button>
      </div>
    </div>
  )
}
