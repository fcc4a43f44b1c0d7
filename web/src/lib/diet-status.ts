/**
 * The seven display states of the active diet (spec 3 §4 "Active-diet display states") from the package status the
 * BFF computes [DS-15…DS-21]; the panel and the franchise invitations label a status by it.
 */
export type DisplayState =
  | 'answering'
  | 'awaitingPayment'
  | 'awaitingConfirmation'
  | 'paymentNotConfirmed'
  | 'issuing'
  | 'active'
  | 'expired'

const STATE_OF_STATUS: Record<string, DisplayState> = {
  ANSWERING_QUESTIONS: 'answering',
  // The form was saved but no diet was requested yet: the customer is still answering, from the last section.
  SIB_DIET_ERROR: 'answering',
  TRANSACTION_WATING: 'awaitingPayment',
  TRANSACTION_VERIFCATION_WATING: 'awaitingConfirmation',
  TRANSACTION_UNVERIFIED: 'paymentNotConfirmed',
  ISSUING: 'issuing',
  ACTIVE: 'active',
  CLOSE_TO_EXPIRE: 'active',
  MID_TERM_EXPIRED: 'active',
  EXPIRED: 'expired',
}

/** What the panel knows of the order's payments (the active diet's fields). */
export interface PaymentFacts {
  hasRequestedPaymentBefore?: boolean
  paymentType?: string
}

/**
 * Display state 6 while `remainDays` is above 0 or unknown, 7 once it is 0 or less [DS-20, DS-21]. An unpaid order
 * whose payment was requested but has no payment type (an online payment abandoned, a transfer refused) is display
 * state 4, not 2 [DS-18]; the franchise invitations, which know no payments, pass none.
 */
export function displayState(status: string, remainDays: number | undefined, payment: PaymentFacts = {}): DisplayState {
  const state = STATE_OF_STATUS[status] ?? 'awaitingPayment'
  if (state === 'active' && remainDays !== undefined && remainDays <= 0) return 'expired'
  if (state === 'awaitingPayment' && payment.hasRequestedPaymentBefore === true && payment.paymentType === undefined) {
    return 'paymentNotConfirmed'
  }
  return state
}
