import type { components } from '@/lib/api'

type BasketItem = components['schemas']['BasketItemDto']
type Invoice = components['schemas']['InvoiceDto']
type TotalPoints = components['schemas']['TotalPointsReply']

let nextItemId = 500

/** A basket line with consistent prices: no discount and no points unless overridden. */
export function buildBasketItem(overrides: Partial<BasketItem> = {}): BasketItem {
  const id = overrides.id ?? nextItemId++
  const originalPrice = overrides.originalPrice ?? 490000
  const finalPrice = overrides.finalPrice ?? originalPrice
  return {
    id,
    orderId: 77,
    productId: 101,
    title: 'رژیم یک ماهه',
    currency: 'تومان',
    productType: 'DIET',
    // Product 101 is sold abroad through Gumroad, as in the demo catalogue.
    meta: { gumroadPermalink: 'limoo-diet' },
    userPointDeduction: 0,
    ...overrides,
    originalPrice,
    finalPrice,
    price: finalPrice,
  }
}

/**
 * An invoice whose totals add up the way the BFF computes them: final = Σ item finals, discount = original − final,
 * payable = final − points.
 */
export function buildInvoice(items: BasketItem[] = [buildBasketItem()], overrides: Partial<Invoice> = {}): Invoice {
  const totalOriginalPrice = items.reduce((sum, item) => sum + item.originalPrice, 0)
  const totalFinalPrice = items.reduce((sum, item) => sum + item.finalPrice, 0)
  const userPointDeduction = items.reduce((sum, item) => sum + item.userPointDeduction, 0)
  return {
    id: 77,
    createdAt: 1_763_000_000_000,
    status: 'CREATED',
    basketItems: items,
    totalOriginalPrice,
    totalFinalPrice,
    totalDiscount: totalOriginalPrice - totalFinalPrice,
    totalPrice: totalFinalPrice - userPointDeduction,
    userPointDeduction,
    ...overrides,
  }
}

/** The points balance answer: `count` points at 1,000 toman each, no live holds. */
export function buildTotalPoints(count = 250): TotalPoints {
  const defaultPointValue = 1000
  return {
    unUsedPoints: { count, monetaryValue: count * defaultPointValue },
    reservedPoints: { count: 0, monetaryValue: 0 },
    defaultPointValue,
    currency: 'تومان',
    userPoints: [],
  }
}
