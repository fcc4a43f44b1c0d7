export { CheckoutErrorSection } from './components/checkout-error-section'
export { CheckoutPage, type CheckoutPageProps } from './components/checkout-page'
export type { PaymentSheetSlotProps } from './types'
