import type { components } from '@/lib/api'

/** The order invoice computed by the BFF (integer toman), exactly as the generated API schema describes it. */
export type Invoice = components['schemas']['InvoiceDto']

export type BasketItem = components['schemas']['BasketItemDto']

/** What the checkout hands to the payment-method popup (composed in the app layer, so no feature imports another). */
export interface PaymentSheetSlotProps {
  open: boolean
  onClose: () => void
  invoice: Invoice
}
