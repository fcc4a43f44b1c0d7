import type { OrderMeta } from '../api/create-order'

/** The ids of `productIds=a,b`: positive integers only; none when any part is not one [RG-48]. */
export function parseProductIds(raw: string | null): number[] {
  if (raw === null || raw.trim() === '') return []
  const parts = raw.split(',').map((part) => part.trim())
  if (!parts.every((part) => /^[1-9]\d*$/.test(part))) return []
  return parts.map(Number)
}

/**
 * The order's meta for an order made after sign-in: the address carries only the ids and where the visitor came
 * from, so the select page (SPV) and the wizard's config id are read from `backUrl`.
 */
export function orderMetaFromBackUrl(backUrl: string | null): OrderMeta {
  const url = new URL(backUrl ?? '/', 'http://limoo.invalid')
  if (!url.pathname.startsWith('/select-package-f')) return { SPV: 'C' }
  const configId = url.searchParams.get('configId')
  return configId ? { SPV: 'F', configId } : { SPV: 'F' }
}

/** Where "back" leads from the page: `backUrl` when it is an address of this app, else package selection. */
export function safeBackPath(backUrl: string | null, fallback: string): string {
  return backUrl && backUrl.startsWith('/') && !backUrl.startsWith('//') ? backUrl : fallback
}
