import type { components } from '@/lib/api'

/** The order invoice computed by the BFF (integer toman), exactly as the generated API schema describes it. */
export type Invoice = components['schemas']['InvoiceDto']

export type BasketItem = components['schemas']['BasketItemDto']

/** What the checkout hands to the payment-method popup (composed in the app layer, so no feature imports another). */
export interface PaymentSheetSlotProps {
  open: boolean
  onClose: () => void
  invoice: Invoice
  /** A payment did not start; the checkout shows its error section [ER-21…ER-23]. */
  onPaymentFailure: (failure: PaymentStartFailure) => void
}

/** Why a payment did not start: lost points (409), the BFF's first `details.messages`, or anything else. */
export type PaymentStartFailure = { kind: 'pointsUsed' } | { kind: 'redirectMessage'; text: string } | { kind: 'other' }
