/** A text field of a basket item's product meta (the invoice types it `unknown`); blank counts as absent. */
export function metaText(meta: unknown, key: string): string | undefined {
  if (typeof meta !== 'object' || meta === null) return undefined
  const value = (meta as Record<string, unknown>)[key]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * The Gumroad product the basket is, when every item names the same `gumroadPermalink` [PM-45]. A Gumroad sale buys
 * one product at Gumroad's price, so a basket holding anything else is not paid there (the BFF refuses it too).
 */
export function gumroadProductOf(basketItems: readonly { meta: unknown }[]): string | undefined {
  const [first, ...rest] = basketItems.map((item) => metaText(item.meta, 'gumroadPermalink'))
  return first !== undefined && rest.every((permalink) => permalink === first) ? first : undefined
}
