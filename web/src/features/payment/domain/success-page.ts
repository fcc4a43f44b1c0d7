import { paths } from '@/config/paths'
import type { Invoice } from '../types'
import { metaText } from './basket-meta'

/** The limoo card page the 'track order' button opens for a `goToLimooCard` purchase (DECISIONS) [PM-67]. */
export const LIMOO_CARD_PATH = '/limoocard'

/** Where 'track order' leads: the first item's `orderTrackingUrl`, else the limoo card page or /diets [PM-67]. */
export function trackOrderTarget(
  invoice: Invoice,
  goToLimooCard: boolean,
): { kind: 'external'; href: string } | { kind: 'route'; path: string } {
  const url = metaText(invoice.basketItems[0]?.meta, 'orderTrackingUrl')
  if (url !== undefined) return { kind: 'external', href: url }
  return { kind: 'route', path: goToLimooCard ? LIMOO_CARD_PATH : paths.diets }
}

/** Any basket item of variation LIMOO_PLUS shows the connect-then-complete instructions [PM-65]. */
export function hasLimooPlus(invoice: Invoice): boolean {
  return invoice.basketItems.some((item) => metaText(item.meta, 'variation') === 'LIMOO_PLUS')
}

/** A partner-discount order: by the result query, or an item whose type or meta type says so [PM-66]. */
export function isPartnerDiscountOrder(invoice: Invoice, fromQuery: boolean): boolean {
  return (
    fromQuery ||
    invoice.basketItems.some(
      (item) => item.productType === 'PARTNER_DISCOUNT' || metaText(item.meta, 'type') === 'PARTNER_DISCOUNT',
    )
  )
}

/** The order the result page is about: the query's `orderId`, else the one in session storage. */
export function resultOrderId(query: URLSearchParams): number | null {
  const raw = query.get('orderId') ?? sessionStorage.getItem('lemonadeOrderId')
  const id = Number(raw)
  return raw !== null && Number.isSafeInteger(id) && id > 0 ? id : null
}
