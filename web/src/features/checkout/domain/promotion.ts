import { z } from 'zod'
import type { ApiError } from '@/lib/api'
import { toLatinDigits } from '@/lib/digits'
import type { BasketItem } from '../types'
import type { CheckoutMessage, CheckoutReasonKey } from './messages'

/** The promotion form's modes [PR-29, PR-31]: SET enters a code, REMOVE shows the accepted one read-only. */
export type PromotionMode = 'SET' | 'REMOVE'

/** Persian and Arabic-Indic digits become Latin as they are typed [PR-28]. */
export function sanitisePromotionCode(value: string): string {
  return toLatinDigits(value)
}

/** SET mode submits only a non-empty code [PR-29]. */
export const promotionSchema = z.object({ code: z.string().trim().min(1) })

export type PromotionForm = z.infer<typeof promotionSchema>

/** A code fits when `discount.meta` names at least one product of the basket [PR-30]. */
export function discountFitsBasket(meta: unknown, basketItems: readonly BasketItem[]): boolean {
  if (typeof meta !== 'object' || meta === null) return false
  const productIds = new Set(Object.keys(meta))
  return basketItems.some((item) => productIds.has(String(item.productId)))
}

const REFUSAL_REASONS: Record<string, CheckoutReasonKey> = {
  CODE_EXPIRED: 'checkout.promotion.reason.expired',
  CODE_NOT_YET_VALID: 'checkout.promotion.reason.notYetValid',
  CODE_USED_UP: 'checkout.promotion.reason.usedUp',
  ORDER_HAS_CODE: 'checkout.promotion.reason.orderHasCode',
  ORDER_PAID: 'checkout.promotion.reason.orderPaid',
}

/**
 * A refused code [ER-30, ER-31]: `code not found` is an unknown code; a code that cannot be used now (expired, not yet
 * valid, used up …) shows ER-31's message and says why; any other 400 carries the BFF's Persian
 * sentence (PR-30's when no basket product fits), and so do a 409 (a payment of the order is under way: the
 * sentence says what to do) and a 429 (codes tried too often); anything else is ER-31.
 */
export function promotionErrorMessage(error: ApiError): CheckoutMessage {
  if (error.message.trim().toLowerCase() === 'code not found') return { key: 'checkout.promotion.notFound' }
  const reason = error.reason !== undefined && Object.hasOwn(REFUSAL_REASONS, error.reason) ? error.reason : undefined
  if (reason !== undefined) return { key: 'checkout.promotion.failed', reasonKey: REFUSAL_REASONS[reason] }
  const withSentence = ['400', '409', '429'].includes(error.code)
  if (withSentence && error.message.trim() !== '') return { text: error.message }
  return { key: 'checkout.promotion.failed' }
}
