import type { ApiError } from '@/lib/api'
import type { BasketItem } from '../types'
import type { CheckoutMessage } from './messages'

function minAllowedPriceAfterPoints(item: BasketItem): number | undefined {
  const meta = item.meta
  if (typeof meta !== 'object' || meta === null) return undefined
  const value = (meta as Record<string, unknown>).minAllowedPriceAfterPoints
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/**
 * Points may go on an item while its `minAllowedPriceAfterPoints` is below its final price plus the points already
 * on it [PR-15]; an item without a minimum allows points (DECISIONS) [PR-16].
 */
export function itemAllowsPoints(item: BasketItem): boolean {
  const minimum = minAllowedPriceAfterPoints(item)
  return minimum === undefined || minimum < item.finalPrice + item.userPointDeduction
}

export function basketAllowsPoints(items: readonly BasketItem[]): boolean {
  return items.some(itemAllowsPoints)
}

export interface PointsSwitchInput {
  /** The invoice's `userPointStatus`: absent, ADDED_TO_ORDER, RESERVED or CANCELED. */
  status: string | undefined
  basketItems: readonly BasketItem[]
  /** Monetary value of the unused points; undefined while the balance is unknown. */
  unusedValue: number | undefined
}

export interface PointsSwitchState {
  on: boolean
  disabled: boolean
  /** No item allows points: the max-usage message shows [ER-37]. */
  maxUsage: boolean
}

/**
 * The points switch (spec 2 §4, §5): RESERVED locks it on [PR-20]; points on the order can always be taken off
 * [PR-19]; otherwise it is off and disabled when no item allows points [PR-16] or the unused points are worth
 * nothing (or are not known yet) [PR-17].
 */
export function pointsSwitchState({ status, basketItems, unusedValue }: PointsSwitchInput): PointsSwitchState {
  if (status === 'RESERVED') return { on: true, disabled: true, maxUsage: false }
  if (status === 'ADDED_TO_ORDER') return { on: true, disabled: false, maxUsage: false }
  if (!basketAllowsPoints(basketItems)) return { on: false, disabled: true, maxUsage: true }
  return { on: false, disabled: unusedValue === undefined || unusedValue <= 0, maxUsage: false }
}

/**
 * A failed points switch: a 400 carries the BFF's Persian sentence (ER-35 when turning on, ER-34 when turning off,
 * or the max-usage text), the rule's text when it has none; a 409 (a payment of the order is under way) its own
 * sentence, which says what to do; other failures get the generic text.
 */
export function pointsErrorMessage(action: 'set' | 'unset', error: ApiError): CheckoutMessage {
  if (error.code === '409' && error.message.trim() !== '') return { text: error.message }
  if (error.code !== '400') return { key: 'checkout.errors.generic' }
  if (error.message.trim() !== '') return { text: error.message }
  return { key: action === 'set' ? 'checkout.points.setReserved' : 'checkout.points.unsetReserved' }
}
