import type { Product } from '../types'

/** The three layouts of a partner bundle card [PM-08]. */
export type PartnerBundleLayout = 'A' | 'B' | 'C'

const PARTNER_DISCOUNT = 'PARTNER_DISCOUNT'

/** A partner bundle: a BUNDLE whose meta type names PARTNER_DISCOUNT (the landing's filter, spec 2 §7). */
export function isPartnerBundle(product: Product): boolean {
  return product.productType === 'BUNDLE' && (product.meta?.type ?? '').includes(PARTNER_DISCOUNT)
}

/** `partnerBundleDesign` as a layout; anything else (or nothing) is layout A. */
export function partnerBundleLayout(setting: string | null): PartnerBundleLayout {
  const value = (setting ?? '').trim().toUpperCase()
  return value === 'B' || value === 'C' ? value : 'A'
}
