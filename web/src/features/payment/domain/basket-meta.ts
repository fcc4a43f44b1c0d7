/** A text field of a basket item's product meta (the invoice types it `unknown`); blank counts as absent. */
export function metaText(meta: unknown, key: string): string | undefined {
  if (typeof meta !== 'object' || meta === null) return undefined
  const value = (meta as Record<string, unknown>)[key]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}
