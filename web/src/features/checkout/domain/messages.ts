import { ApiError } from '@/lib/api'

/**
 * A message is an i18n key of the checkout, or a Persian sentence the BFF already wrote; a key may add why (a refused
 * promotion code says why under ER-31's message).
 */
export type CheckoutMessage = { key: CheckoutMessageKey; reasonKey?: CheckoutReasonKey } | { text: string }

/** Keys of `checkout.promotion.reason.*`: why a promotion code cannot be used now (the BFF's `err.reason`). */
export type CheckoutReasonKey =
  | 'checkout.promotion.reason.expired'
  | 'checkout.promotion.reason.notYetValid'
  | 'checkout.promotion.reason.usedUp'
  | 'checkout.promotion.reason.orderHasCode'
  | 'checkout.promotion.reason.orderPaid'

export type CheckoutMessageKey =
  | 'checkout.points.setReserved'
  | 'checkout.points.unsetReserved'
  | 'checkout.points.maxUsage'
  | 'checkout.errors.generic'
  | 'checkout.promotion.notFound'
  | 'checkout.promotion.failed'
  | 'checkout.promotion.notForBasket'
  | 'checkout.promotion.applied'
  | 'checkout.promotion.removed'

/** The BFF's sentence of a failed call when it has one, else the given checkout text. */
export function serverMessageOr(failure: unknown, key: CheckoutMessageKey): CheckoutMessage {
  const message = failure instanceof Error ? failure.message.trim() : ''
  return failure instanceof ApiError && message !== '' ? { text: message } : { key }
}
