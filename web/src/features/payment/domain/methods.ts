import { PRODUCT_CODE } from '@/config/env'
import type { GumroadRefusal } from './basket-meta'

/**
 * Payment methods of spec 2 §4 "Payment methods" [PR-48…PR-50]: their values, the back-end gateways they map to, who
 * sees them and which is chosen by default. Pure functions; the popup reads the settings and passes them in.
 */

export const GUMROAD_METHOD = `${PRODUCT_CODE}_GUMROAD` as const
export const PAYPAL_METHOD = 'PAYPAL_ROSHANDEL'

/** In display order: the Iranian methods, then the two for foreign customers. */
export const PAYMENT_METHODS = [
  'online',
  'c2c',
  'snappPay',
  'blubank',
  'digipay',
  'tara',
  'tally',
  GUMROAD_METHOD,
  PAYPAL_METHOD,
] as const

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Back-end gateways of each method (the table's third column); `online` goes through VANDAR or PAYPING (PM-39). */
export const METHOD_GATEWAYS: Record<PaymentMethod, readonly string[]> = {
  online: ['VANDAR', 'PAYPING'],
  c2c: ['C2C'],
  snappPay: ['SNAPP_PAY'],
  blubank: [`${PRODUCT_CODE}_SAMAN`],
  digipay: [`${PRODUCT_CODE}_DIGIPAY`],
  tara: [`${PRODUCT_CODE}_TARA`],
  tally: [],
  [GUMROAD_METHOD]: [GUMROAD_METHOD],
  [PAYPAL_METHOD]: [PAYPAL_METHOD],
}

const FOREIGN_METHODS: readonly PaymentMethod[] = [GUMROAD_METHOD, PAYPAL_METHOD]

/** A method value or a back-end gateway name (case-insensitive) as a method; null when it names neither. */
export function methodFromName(name: string): PaymentMethod | null {
  const wanted = name.trim().toLowerCase()
  if (wanted === '') return null
  for (const method of PAYMENT_METHODS) {
    if (method.toLowerCase() === wanted) return method
    if (METHOD_GATEWAYS[method].some((gateway) => gateway.toLowerCase() === wanted)) return method
  }
  return null
}

/** `paymentMethodsVisibility`: 'all' (also when absent or empty) or the listed methods in their order. */
export type MethodsVisibility = 'all' | readonly PaymentMethod[]

export function parseVisibility(setting: string | null): MethodsVisibility {
  const names = (setting ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (names.length === 0 || names.some((name) => name.toLowerCase() === 'all')) return 'all'
  const methods: PaymentMethod[] = []
  for (const name of names) {
    const method = methodFromName(name)
    if (method !== null && !methods.includes(method)) methods.push(method)
  }
  return methods
}

export interface PaymentSettings {
  visibility: MethodsVisibility
  /** Session `defaultPaymentMethod`. */
  defaultMethod: string | null
  snappEnabled: boolean
  taraEnabled: boolean
  digipayEnabled: boolean
  bluBankEnabled: boolean
  gumroadEnabled: boolean
  tallyEnabled: boolean
  /** Percent in BluBank's cashback note. */
  bluBankCashbackPercent: number
}

/** Snapp Pay eligibility for this order, asked when the popup opens: not eligible marks the method unselectable. */
export type SnappEligibility = 'unchecked' | 'eligible' | 'notEligible'

export interface PaymentContext {
  /** A foreign customer (mobile starting with '+') pays only through the international methods. */
  foreign: boolean
  snappEligibility: SnappEligibility
  /** Why Gumroad cannot sell the order (`gumroadRefusal`), null when it can; it is listed but not selectable then. */
  gumroadRefusal: GumroadRefusal | null
}

export interface PaymentOption {
  method: PaymentMethod
  /** False for Snapp Pay once it was found not eligible, and for Gumroad with a basket it cannot sell: shown, marked,
   * not selectable. */
  selectable: boolean
  /** BluBank's cashback percent, when it has a note. */
  cashbackPercent?: number
  /** Why Gumroad, listed, cannot be selected. */
  gumroadRefusal?: GumroadRefusal
}

function switchedOn(method: PaymentMethod, settings: PaymentSettings): boolean {
  switch (method) {
    case 'snappPay':
      return settings.snappEnabled
    case 'tara':
      return settings.taraEnabled
    case 'digipay':
      return settings.digipayEnabled
    case 'blubank':
      return settings.bluBankEnabled
    case 'tally':
      return settings.tallyEnabled
    case GUMROAD_METHOD:
      return settings.gumroadEnabled
    default:
      return true
  }
}

/**
 * The methods the popup lists, in display order. A foreign customer sees Gumroad (when the deployment offers it) and
 * PayPal; everyone else sees the Iranian methods that `paymentMethodsVisibility` lists (all with 'all') and that are
 * switched on.
 */
export function paymentOptions(settings: PaymentSettings, context: PaymentContext): PaymentOption[] {
  if (context.foreign)
    return FOREIGN_METHODS.filter((method) => switchedOn(method, settings)).map((method) =>
      method === GUMROAD_METHOD && context.gumroadRefusal !== null
        ? { method, selectable: false, gumroadRefusal: context.gumroadRefusal }
        : { method, selectable: true },
    )
  const { visibility } = settings
  return PAYMENT_METHODS.filter(
    (method) =>
      !FOREIGN_METHODS.includes(method) &&
      (visibility === 'all' || visibility.includes(method)) &&
      switchedOn(method, settings),
  ).map((method) => {
    if (method === 'snappPay') return { method, selectable: context.snappEligibility !== 'notEligible' }
    if (method === 'blubank' && settings.bluBankCashbackPercent > 0)
      return { method, selectable: true, cashbackPercent: settings.bluBankCashbackPercent }
    return { method, selectable: true }
  })
}

/** The `paymentGateways` lists of the basket items' meta, in basket order. */
export function productGateways(basketItems: readonly { meta: unknown }[]): string[] {
  return basketItems.flatMap((item) => {
    const meta = item.meta
    if (typeof meta !== 'object' || meta === null) return []
    const gateways = (meta as Record<string, unknown>).paymentGateways
    return Array.isArray(gateways) ? gateways.filter((gateway): gateway is string => typeof gateway === 'string') : []
  })
}

/**
 * The preselected method, always one the popup lists and can select (DECISIONS "Shop and payment"): the first gateway
 * the product meta allows [PR-48]; else the session `defaultPaymentMethod`, or `online` with visibility 'all'
 * [PR-49]; else the first listed method, the table order counting as the list for 'all' [PR-50]. Null when no
 * method can be chosen.
 */
export function defaultPaymentMethod(
  options: readonly PaymentOption[],
  settings: Pick<PaymentSettings, 'visibility' | 'defaultMethod'>,
  basketItems: readonly { meta: unknown }[],
): PaymentMethod | null {
  const selectable = new Set(options.filter((option) => option.selectable).map((option) => option.method))
  const usable = (method: PaymentMethod | null): method is PaymentMethod => method !== null && selectable.has(method)

  const fromProduct = productGateways(basketItems).map(methodFromName).find(usable)
  if (fromProduct) return fromProduct

  const fromSession = settings.defaultMethod === null ? null : methodFromName(settings.defaultMethod)
  if (usable(fromSession)) return fromSession
  if (settings.visibility === 'all' && usable('online')) return 'online'

  const listed = settings.visibility === 'all' ? PAYMENT_METHODS : settings.visibility
  return listed.find(usable) ?? null
}

/** The credit and instalment offers the shop advertises, in the order of spec 2 §1 [PM-24]. */
export const CREDIT_OFFERS = ['tara', 'snappPay', 'blubank', 'digipay'] as const satisfies readonly PaymentMethod[]

export type CreditOffer = (typeof CREDIT_OFFERS)[number]

/**
 * The offers the checkout will list: switched on, and allowed by `paymentMethodsVisibility` (all with 'all', else
 * those it lists) [PM-24, PM-47].
 */
export function creditOffers(settings: PaymentSettings): CreditOffer[] {
  const { visibility } = settings
  return CREDIT_OFFERS.filter(
    (offer) => (visibility === 'all' || visibility.includes(offer)) && switchedOn(offer, settings),
  )
}
