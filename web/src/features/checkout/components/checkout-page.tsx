import { useState, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { settings } from '@/config/flags'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { useFinalizeOrder } from '../api/finalize'
import { useInvoice } from '../api/invoice'
import {
  checkoutFooterAction,
  finalizeFailureOf,
  type CheckoutFooterAction,
  type FinalizeFailure,
} from '../domain/footer-action'
import { invoiceErrorKey, invoiceStateOf } from '../domain/invoice'
import { storedOrderId } from '../domain/order-session'
import type { PaymentSheetSlotProps, PaymentStartFailure } from '../types'
import { CheckoutErrorSection } from './checkout-error-section'
import { CheckoutFooter } from './checkout-footer'
import { NoProductSelected } from './no-product-selected'
import { PointsSwitch } from './points-switch'
import { PromotionForm } from './promotion-form'
import { Receipt } from './receipt'
import '../checkout.css'

export interface CheckoutPageProps {
  /** The payment-method popup; the app passes the payment feature's, so checkout imports no other feature. */
  PaymentSheet: ComponentType<PaymentSheetSlotProps>
  /** The customer-support chat opener, when the app provides one. */
  supportChat?: ReactNode
}

function failureOf(error: Error | null): FinalizeFailure | null {
  if (error === null) return null
  return error instanceof ApiError ? finalizeFailureOf(error) : 'checkoutError'
}

function CheckoutOrder({ orderId, PaymentSheet, supportChat }: CheckoutPageProps & { orderId: number }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const invoice = useInvoice(orderId)
  const finalize = useFinalizeOrder(orderId)
  const run = useSingleFlight()
  const [paymentOpen, setPaymentOpen] = useState(false)
  const [paymentFailure, setPaymentFailure] = useState<PaymentStartFailure | null>(null)

  // The promotion form needs the session flag, and the query can still hide it [PR-27, RG-26].
  const showPromotion = settings.showPromotionField() && searchParams.get('showPromotionField') !== 'false'
  const finalizeFailure = failureOf(finalize.error)
  const action = checkoutFooterAction(invoice.data)

  const onAction = (footerAction: CheckoutFooterAction) => {
    if (footerAction.kind === 'viewPaidOrder') {
      void navigate(`${paths.paymentResult}?status=OK&orderId=${orderId}`)
      return
    }
    if (footerAction.kind === 'choosePaymentMethod') {
      setPaymentFailure(null)
      setPaymentOpen(true)
      return
    }
    run(() =>
      finalize.mutateAsync(undefined, {
        onSuccess: ({ id }) => void navigate(`${paths.paymentResult}?status=OK&orderId=${id}`),
        onError: (error) => {
          if (failureOf(error) === 'goToDiets') void navigate(paths.diets)
        },
      }),
    )
  }

  let body
  if (invoice.isPending) {
    body = (
      <p className="status-line" role="status" data-testid="invoice-loading">
        {t('checkout.loading')}
      </p>
    )
  } else if (invoice.isError) {
    body = (
      <section className="status-line status-line--error" role="alert" data-testid="invoice-error">
        <p>{t(invoice.error instanceof ApiError ? invoiceErrorKey(invoice.error) : 'checkout.errors.invoice')}</p>
        <button
          type="button"
          className="checkout-error__retry"
          data-testid="invoice-retry"
          onClick={() => void invoice.refetch()}
        >
          {t('checkout.errors.retry')}
        </button>
      </section>
    )
  } else {
    body = (
      <>
        <Receipt invoice={invoice.data} />
        {action.kind === 'viewPaidOrder' ? (
          <p className="checkout-note" role="status" data-testid="order-paid-note">
            {t('checkout.paidNote')}
          </p>
        ) : (
          <>
            {showPromotion ? <PromotionForm orderId={orderId} invoice={invoice.data} /> : null}
            {settings.pointUsageEnabled() ? <PointsSwitch orderId={orderId} invoice={invoice.data} /> : null}
          </>
        )}
      </>
    )
  }

  return (
    <div className="checkout__order" data-testid="checkout-invoice" data-state={invoiceStateOf(true, invoice.status)}>
      {body}
      {finalizeFailure === 'pointsError' ? (
        <p className="checkout-note checkout-note--error" role="alert" data-testid="finalize-points-error">
          {t('checkout.points.finalizeFailed')}
        </p>
      ) : null}
      {finalizeFailure === 'checkoutError' ? <CheckoutErrorSection onRetry={() => finalize.reset()} /> : null}
      {paymentFailure?.kind === 'pointsUsed' ? (
        <p className="checkout-note checkout-note--error" role="alert" data-testid="payment-points-used">
          {t('checkout.errors.pointsAlreadyUsed')}
        </p>
      ) : null}
      {paymentFailure === null ? null : (
        // Retry clears the section; the payment buttons are already idle again [ER-23, PM-52].
        <CheckoutErrorSection
          redirectMessage={paymentFailure.kind === 'redirectMessage' ? paymentFailure.text : null}
          onRetry={() => setPaymentFailure(null)}
        />
      )}
      <CheckoutFooter
        invoice={invoice.data}
        action={action}
        pending={finalize.isPending}
        onAction={onAction}
        supportChat={supportChat}
      />
      {invoice.data ? (
        <PaymentSheet
          open={paymentOpen}
          onClose={() => setPaymentOpen(false)}
          invoice={invoice.data}
          onPaymentFailure={(failure) => {
            setPaymentFailure(failure)
            // The order may have changed (another tab, lapsed points, paid meanwhile): show it as it is now.
            void invoice.refetch()
          }}
        />
      ) : null}
    </div>
  )
}

/** /checkout-new: the invoice of the order in session storage, promotion code, points and payment (spec 2 §2). */
export function CheckoutPage(props: CheckoutPageProps) {
  const { t } = useTranslation()
  const [orderId] = useState(storedOrderId)
  return (
    <div className="checkout" data-testid="checkout-page">
      <h1 className="page-title">{t('checkout.title')}</h1>
      {orderId === null ? (
        <div data-testid="checkout-invoice" data-state={invoiceStateOf(false, 'pending')}>
          <NoProductSelected />
        </div>
      ) : (
        <CheckoutOrder orderId={orderId} {...props} />
      )}
    </div>
  )
}
