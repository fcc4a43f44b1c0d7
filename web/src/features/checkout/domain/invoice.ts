import type { ApiError } from '@/lib/api'
import type { BasketItem, Invoice } from '../types'

/** The invoice's states (spec 2 §4): IDLE without an order, then PENDING, FAILED or SUCCESS. */
export type InvoiceState = 'IDLE' | 'PENDING' | 'FAILED' | 'SUCCESS'

export function invoiceStateOf(hasOrder: boolean, status: 'pending' | 'error' | 'success'): InvoiceState {
  if (!hasOrder) return 'IDLE'
  return status === 'pending' ? 'PENDING' : status === 'error' ? 'FAILED' : 'SUCCESS'
}

/**
 * The red percent note of a basket line: the BFF's `discountPercent` (100 − ceil(final ÷ original × 100)) when the
 * original and final prices differ, else none [PR-02, PR-03].
 */
export function discountNote(item: BasketItem): number | null {
  if (item.originalPrice === item.finalPrice || item.discountPercent === undefined) return null
  return item.discountPercent
}

/** A PARTNER_DISCOUNT line hides its original price [PR-04]. */
export function showsOriginalPrice(item: BasketItem): boolean {
  return item.productType !== 'PARTNER_DISCOUNT' && item.originalPrice !== item.finalPrice
}

/** 'استفاده از امتیاز' appears only with a points deduction [PR-06]. */
export function showsPointsLine(invoice: Invoice): boolean {
  return invoice.userPointDeduction > 0
}

/** An invoice that failed to load: 409 means the order's points went to another order [ER-27], else ER-28. */
export function invoiceErrorKey(error: ApiError): 'checkout.errors.pointsAlreadyUsed' | 'checkout.errors.invoice' {
  return error.code === '409' ? 'checkout.errors.pointsAlreadyUsed' : 'checkout.errors.invoice'
}
