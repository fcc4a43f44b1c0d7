export { PaymentMethodPopup } from './components/payment-method-popup'
export { PaymentMethodSheet, type PaymentMethodSheetProps } from './components/payment-method-sheet'
export { PAYMENT_METHODS, type PaymentMethod } from './domain/methods'
export type { PaymentMethodPopupProps } from './types'
