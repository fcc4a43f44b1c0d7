import type { components } from '@/lib/api'

/** The order invoice the checkout passes to the popup (basket item meta carries `paymentGateways`). */
export type Invoice = components['schemas']['InvoiceDto']

/** Props of the popup as the checkout's payment slot renders it. */
export interface PaymentMethodPopupProps {
  open: boolean
  onClose: () => void
  invoice: Invoice
}
