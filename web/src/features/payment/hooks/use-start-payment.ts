import { useCallback, useState } from 'react'
import type { PaymentMethod } from '../domain/methods'

export interface StartPayment {
  /** Called with the chosen method when the customer taps 'پرداخت'. */
  startPayment: (method: PaymentMethod) => void
  /** A payment is under way: the pay button is busy (spec 2 §4 "Payment button state"). */
  pending: boolean
  /** A note for the customer under the methods, when there is one. */
  notice: 'payment.sheet.notYetAvailable' | null
}

/**
 * Starts a payment with the chosen method — the seam the payments issue fills in (payment link and redirect, the
 * transfer forms, Tara's form post, button states, errors to the checkout error section). Until then no payment
 * starts: the popup says the gateway connection is coming, so the button does not look broken.
 */
export function useStartPayment(): StartPayment {
  const [notice, setNotice] = useState<StartPayment['notice']>(null)
  const startPayment = useCallback(() => setNotice('payment.sheet.notYetAvailable'), [])
  return { startPayment, pending: false, notice }
}
