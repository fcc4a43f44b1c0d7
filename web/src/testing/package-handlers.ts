import { HttpResponse } from 'msw'
import type { Offer, PackagesInfo } from '@/features/shop/older/domain'
import { buildInvoice } from './data/checkout'
import { CREATED_ORDER_ID } from './handlers'
import { http } from './http'

/** One length's offer: 1,000,000 toman diet, 900,000 alone or 400,000 with the 300,000 hami (700,000 in all). */
export function packageOffer(productCount: number, productType: Offer['productType']): Offer {
  return {
    productCount,
    productType,
    dietOriginalPrice: 1000000,
    dietFinalPriceWithHami: 400000,
    dietFinalPriceWithoutHami: 900000,
    hamiOriginalPrice: 300000,
    hamiFinalPriceWithHami: 300000,
    hasHami: true,
    isBundleOffer: productType === 'BUNDLE',
    totalWithHami: 700000,
    totalWithoutHami: 900000,
  }
}

/** The older flow's packages info: a one-month diet and 3- and 6-month bundles, 100,000 toman of points. */
export const packagesInfo: PackagesInfo = {
  flow: 'NEW',
  allOffers: [packageOffer(1, 'DIET'), packageOffer(3, 'BUNDLE'), packageOffer(6, 'BUNDLE')],
  isNewUser: false,
  needPayment: true,
  isHoobarOffer: false,
  productHamiCount: 3,
  enablePoints: true,
  canUsePoints: true,
  canUsePointsValue: 100000,
  dietOriginalPrice: 1000000,
  dietFinalPrice: 900000,
  hamiOriginalPrice: 300000,
  hamiFinalPrice: 300000,
}

export const selectedPackage = { orderId: CREATED_ORDER_ID, needPayment: true, invoice: buildInvoice([]) }

/** The older package flow's calls for a customer without a running diet. */
export const packageHandlers = [
  http.get('/diet/package-infos', () => HttpResponse.json(packagesInfo)),
  http.get('/diets/extend/package-infos', () => HttpResponse.json({ ...packagesInfo, flow: 'EXTEND', dietID: 'D-1002' })),
  http.post('/diet/select-package', () => HttpResponse.json(selectedPackage)),
  http.post('/diets/extend/select-package', () => HttpResponse.json(selectedPackage)),
  http.post('/promotionusage', () =>
    HttpResponse.json({ status: 'SAVED', usedDiscountId: 1, invoice: buildInvoice([], { id: CREATED_ORDER_ID }) }),
  ),
  http.post('/cancelpromotion', () => HttpResponse.json({ status: 'CANCELED', invoice: buildInvoice([], { id: CREATED_ORDER_ID }) })),
  http.get('/lemonade/api/orders/succeed', () => HttpResponse.json({ succeed: false, orderIds: [] })),
]
