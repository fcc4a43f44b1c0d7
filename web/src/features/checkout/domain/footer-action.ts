import type { ApiError } from '@/lib/api'
import type { Invoice } from '../types'

/**
 * The checkout footer button [PR-07…PR-09]: a payable total above 0 chooses a payment method, exactly 0 finalizes
 * the order; both are disabled until the invoice has loaded. An order paid meanwhile (another tab, Back from the
 * result page) offers its result instead of a second payment.
 */
export type CheckoutFooterAction =
  | { kind: 'choosePaymentMethod'; enabled: boolean }
  | { kind: 'finalize'; enabled: true }
  | { kind: 'viewPaidOrder'; enabled: true }

export function checkoutFooterAction(invoice: Invoice | undefined): CheckoutFooterAction {
  if (invoice === undefined) return { kind: 'choosePaymentMethod', enabled: false }
  if (invoice.status === 'PAYMENT_SUCCESS') return { kind: 'viewPaidOrder', enabled: true }
  return invoice.totalPrice === 0 ? { kind: 'finalize', enabled: true } : { kind: 'choosePaymentMethod', enabled: true }
}

/**
 * What a failed finalize does [ER-25, ER-26]: 400 sets the points error flag (its message is ER-36), 409 goes to
 * the panel, anything else shows the checkout error section [ER-20].
 */
export type FinalizeFailure = 'pointsError' | 'goToDiets' | 'checkoutError'

export function finalizeFailureOf(error: ApiError): FinalizeFailure {
  if (error.code === '400') return 'pointsError'
  if (error.code === '409') return 'goToDiets'
  return 'checkoutError'
}
