import { PRODUCT_CODE } from '@/config/env'
import { gumroadProductOf } from './basket-meta'
import { GUMROAD_METHOD, type PaymentMethod } from './methods'
import type { Invoice } from '../types'

/**
 * `paymentConfig.gateway` of the methods paid through a payment link (spec 2 §4 "Payment click behaviour"):
 * `online` lets the BFF pick its configured online gateway [PM-39]; the others name their back-end gateway
 * [PM-41…PM-45]. Null for the methods that pay another way (transfer forms) or not at all.
 */
export function linkGatewayOf(method: PaymentMethod): string | null {
  switch (method) {
    case 'online':
      return 'online'
    case 'snappPay':
      return 'SNAPP_PAY'
    case 'blubank':
      return `${PRODUCT_CODE}_SAMAN`
    case 'digipay':
      return `${PRODUCT_CODE}_DIGIPAY`
    case 'tara':
      return `${PRODUCT_CODE}_TARA`
    case GUMROAD_METHOD:
      return GUMROAD_METHOD
    default:
      return null
  }
}

/** The Gumroad product bought: the basket's one item [PM-45]. */
export function productPermalinkOf(method: PaymentMethod, basketItems: Invoice['basketItems']): string | undefined {
  return method === GUMROAD_METHOD ? gumroadProductOf(basketItems) : undefined
}
