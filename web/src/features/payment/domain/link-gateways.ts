import { PRODUCT_CODE } from '@/config/env'
import { gumroadProductOf } from './basket-meta'
import { GUMROAD_METHOD, type PaymentMethod } from './methods'
import type { TransferMethod } from '../transfer/transfer-form'
import type { Invoice } from '../types'

/** The methods paid through a payment link; card to card and PayPal open their transfer forms instead. */
export type LinkMethod = Exclude<PaymentMethod, TransferMethod>

/**
 * `paymentConfig.gateway` of the methods paid through a payment link (spec 2 §4 "Payment click behaviour"):
 * `online` lets the BFF pick its configured online gateway [PM-39], and so does `tally` until its own protocol is
 * specified (DECISIONS); the others name their back-end gateway [PM-41…PM-45].
 */
export function linkGatewayOf(method: LinkMethod): string {
  switch (method) {
    case 'online':
    case 'tally':
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
  }
}

/** The Gumroad product bought: the basket's one item [PM-45]. */
export function productPermalinkOf(method: PaymentMethod, basketItems: Invoice['basketItems']): string | undefined {
  return method === GUMROAD_METHOD ? gumroadProductOf(basketItems) : undefined
}
