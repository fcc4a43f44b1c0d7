/** A text field of a basket item's product meta (the invoice types it `unknown`); blank counts as absent. */
export function metaText(meta: unknown, key: string): string | undefined {
  if (typeof meta !== 'object' || meta === null) return undefined
  const value = (meta as Record<string, unknown>)[key]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * The Gumroad product the basket is, when it is one item naming a `gumroadPermalink` [PM-45]. A Gumroad sale buys
 * one product, once, at Gumroad's price, so a basket holding anything else is not paid there (the BFF refuses it too).
 */
export function gumroadProductOf(basketItems: readonly { meta: unknown }[]): string | undefined {
  const [only, ...rest] = basketItems
  return only !== undefined && rest.length === 0 ? metaText(only.meta, 'gumroadPermalink') : undefined
}

/**
 * Why Gumroad cannot sell this order, or null when it can: it sells one Gumroad product at that product's own price.
 * A product without a Gumroad permalink is not on Gumroad; a code or points lower the order's price, which a sale
 * would not charge, while counting them as spent (the BFF refuses all of these too).
 */
export type GumroadRefusal = 'severalItems' | 'notOnGumroad' | 'code' | 'points'

export function gumroadRefusal(invoice: {
  basketItems: readonly { meta: unknown }[]
  usedDiscount?: unknown
  userPointStatus?: unknown
}): GumroadRefusal | null {
  if (invoice.basketItems.length > 1) return 'severalItems'
  if (gumroadProductOf(invoice.basketItems) === undefined) return 'notOnGumroad'
  if (invoice.usedDiscount != null) return 'code'
  if (invoice.userPointStatus != null) return 'points'
  return null
}
