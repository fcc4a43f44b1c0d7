import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
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

/** The order status a completed payment leaves. */
const PAID = 'PAYMENT_SUCCESS'

/**
 * What /payment-success may say: success only for a paid order. `unpaid`: the order exists but no payment
 * completed it (still being verified, a transfer under review, or none); `unknown`: no order in the address or
 * session, or none of this customer's (404); `failed`: the invoice could not be read [ER-29].
 */
export type SuccessPageState = 'loading' | 'paid' | 'unpaid' | 'unknown' | 'failed'

export function successPageState(
  orderId: number | null,
  invoice: { error: unknown; data: Pick<Invoice, 'status'> | undefined },
): SuccessPageState {
  if (orderId === null) return 'unknown'
  if (invoice.error) return invoice.error instanceof ApiError && invoice.error.status === 404 ? 'unknown' : 'failed'
  if (invoice.data === undefined) return 'loading'
  return invoice.data.status === PAID ? 'paid' : 'unpaid'
}
