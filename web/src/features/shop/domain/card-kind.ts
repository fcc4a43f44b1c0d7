import type { Product } from '../types'

/** How a product is drawn on select-package-c [PM-04…PM-07]. */
export type CardKind = 'premium' | 'normal' | 'partner' | 'no-price'

function hasPremiumLook(product: Product): boolean {
  return product.meta?.productCode === 'PREMIUM' || product.meta?.ui_component === 'PREMIUM'
}

/** Card kind by product type: DIET and BUNDLE premium or normal, TAG partner or priceless, PARTNER_DISCOUNT priceless. */
export function cardKindOf(product: Product): CardKind {
  switch (product.productType) {
    case 'DIET':
    case 'BUNDLE':
      return hasPremiumLook(product) ? 'premium' : 'normal'
    case 'TAG':
      return product.meta?.value === 'PARTNERS' || product.meta?.selectPackageType === 'd' ? 'partner' : 'no-price'
    case 'PARTNER_DISCOUNT':
      return 'no-price'
    default:
      return 'normal'
  }
}

/**
 * Whether the card shows a price: priceless cards never do [PM-06, PM-07]; a partner card hides a price that is
 * zero throughout (a free gift), rather than printing 0 toman.
 */
export function showsPrice(kind: CardKind, product: Product): boolean {
  if (kind === 'no-price') return false
  if (kind === 'partner') return product.price !== 0 || product.finalPrice !== 0
  return true
}

/** The economy badge: flag on, a DIET product, one month [PM-05]. */
export function showsEconomyBadge(product: Product, flagOn: boolean): boolean {
  return flagOn && product.productType === 'DIET' && product.meta?.count === 1
}

/** A package's length in months, from its count, for the card's duration label (e.g. "۳ ماهه") [CT-15]. */
export function packageMonths(product: Product): number | null {
  const count = product.meta?.count
  return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : null
}
