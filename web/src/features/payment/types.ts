import type { components } from '@/lib/api'

/** The order invoice the checkout passes to the popup (basket item meta carries `paymentGateways`). */
export type Invoice = components['schemas']['InvoiceDto']

/** Props of the popup as the checkout's payment slot renders it. */
export interface PaymentMethodPopupProps {
  open: boolean
  onClose: () => void
  invoice: Invoice
  /** A payment did not start: the checkout shows its error section [ER-21…ER-23]. */
  onPaymentFailure: (failure: PaymentFailure) => void
}

/** Why a payment did not start: lost points (409) [ER-21], the BFF's first `details.messages` [ER-22], or else [ER-23]. */
export type PaymentFailure = { kind: 'pointsUsed' } | { kind: 'redirectMessage'; text: string } | { kind: 'other' }
