import { useAppConfig } from '@/components/hooks/use-app-config'
import { isForeignMobile } from '@/lib/auth'
import { useCurrentUser } from '../api/current-user'
import { useGumroadPrice } from '../api/gumroad-price'
import { useSnappEligibility } from '../api/snapp-eligibility'
import { gumroadRefusal } from '../domain/basket-meta'
import { defaultPaymentMethod, GUMROAD_METHOD, paymentOptions, type PaymentContext } from '../domain/methods'
import { readPaymentSettings } from '../domain/payment-settings'
import { useSnappAbTest } from '../hooks/use-snapp-ab-test'
import { useStartPayment } from '../hooks/use-start-payment'
import type { PaymentMethodPopupProps } from '../types'
import { PaymentMethodSheet } from './payment-method-sheet'

/**
 * The checkout's payment-method popup: methods the deployment offers, less those the session/window flags switch off,
 * for the customer's country; the default choice, and the payment start (`useStartPayment`).
 */
export function PaymentMethodPopup({ open, onClose, invoice, onPaymentFailure }: PaymentMethodPopupProps) {
  const currentUser = useCurrentUser(open)
  const payment = useStartPayment(invoice, (failure) => {
    onClose()
    onPaymentFailure(failure)
  })
  useSnappAbTest(invoice.id)

  // The deployment's gateways come with the app config; the session's flags are read while the popup is open, so a
  // flag changed in this session applies on the next opening.
  const offered = useAppConfig()?.paymentGateways
  const settings = open && offered !== undefined ? readPaymentSettings(offered) : null
  // A failed look-up counts as an Iranian customer: the Iranian methods are the shop's default.
  const foreign = currentUser.isSuccess && isForeignMobile(currentUser.data.mobile)
  const context: PaymentContext = {
    foreign,
    snappEligibility: 'unchecked',
    gumroadRefusal: gumroadRefusal(invoice),
  }
  const listed = settings === null || currentUser.isPending ? null : paymentOptions(settings, context)
  // Snapp Pay's eligibility is asked when the popup opens with the method listed, for the payable total (points
  // taken off) that Snapp Pay would be paid; the list waits for the answer, and a failed check marks the method not
  // eligible [PM-37, PM-38, PR-34].
  const snappListed = listed?.some((option) => option.method === 'snappPay') ?? false
  const snapp = useSnappEligibility(open && snappListed, invoice.totalPrice)
  let options = listed
  if (settings !== null && listed !== null && snappListed) {
    options = snapp.data
      ? paymentOptions(settings, { ...context, snappEligibility: snapp.data.eligible ? 'eligible' : 'notEligible' })
      : null
  }
  const snappDescription = snappListed ? snapp.data?.description : null
  // Gumroad charges its own dollar price: shown before the customer leaves for its page.
  const gumroadSelectable = options?.some((option) => option.method === GUMROAD_METHOD && option.selectable) ?? false
  const gumroadPrice = useGumroadPrice(open && gumroadSelectable, invoice.id).data
  const defaultMethod =
    settings === null || options === null ? null : defaultPaymentMethod(options, settings, invoice.basketItems)

  return (
    <PaymentMethodSheet
      open={open}
      onClose={onClose}
      options={options}
      defaultMethod={defaultMethod}
      onPay={payment.startPayment}
      pending={payment.pending}
      methodNotes={snappDescription ? { snappPay: snappDescription } : undefined}
      gumroadPrice={gumroadSelectable ? (gumroadPrice ?? undefined) : undefined}
    />
  )
}
