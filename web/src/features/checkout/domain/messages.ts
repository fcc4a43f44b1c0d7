/** A message is an i18n key of the checkout, or a Persian sentence the BFF already wrote. */
export type CheckoutMessage = { key: CheckoutMessageKey } | { text: string }

export type CheckoutMessageKey =
  | 'checkout.points.setReserved'
  | 'checkout.points.unsetReserved'
  | 'checkout.errors.generic'
  | 'checkout.promotion.notFound'
  | 'checkout.promotion.failed'
  | 'checkout.promotion.notForBasket'
  | 'checkout.promotion.applied'
  | 'checkout.promotion.removed'
