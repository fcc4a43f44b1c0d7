import type { components } from '@/lib/api'

/** The older diet-package flow's screen rules (spec 3 §4, §8), pure so they are unit-tested. */

export type PackagesInfo = components['schemas']['PackagesInfoDto']
export type Offer = components['schemas']['OfferDto']
export type Invoice = components['schemas']['InvoiceDto']

/** Session storage key of the bundle the page opens on: the offer's programme length in months [DS-33]. */
export const BUNDLE_ID_KEY = 'packageBundleId'

export interface PackageChoices {
  hami: boolean
  points: boolean
}

/**
 * The switches as every packages info from the server sets them [PR-26]: hami off; points on, unless the server
 * says points cannot be spent (not enabled, or the customer has none).
 */
export function choicesFromInfo(info: PackagesInfo): PackageChoices {
  return { hami: false, points: info.enablePoints && info.canUsePoints }
}

export type BundleSet = { state: 'SUCCESS'; offer: Offer } | { state: 'FAILED' }

/**
 * The bundle set [DS-33]: the bundle offer whose id (its length) is in session storage, else the first bundle
 * offer; with no bundle offers, or an id naming none of them, FAILED.
 */
export function bundleSetOf(offers: readonly Offer[], storedId: string | null): BundleSet {
  const bundles = offers.filter((offer) => offer.productType === 'BUNDLE')
  const offer = storedId === null ? bundles[0] : bundles.find((bundle) => String(bundle.productCount) === storedId)
  return offer === undefined ? { state: 'FAILED' } : { state: 'SUCCESS', offer }
}

/** The offer selected when the page opens: the bundle set, else the shortest programme. */
export function initialOffer(offers: readonly Offer[], bundleSet: BundleSet): Offer | undefined {
  return bundleSet.state === 'SUCCESS' ? bundleSet.offer : offers[0]
}

/** What the order of an offer costs with the chosen hami switch, before points and codes: what is then charged. */
export function offerTotalOf(offer: Offer, hami: boolean): number {
  return hami && offer.hasHami ? offer.totalWithHami : offer.totalWithoutHami
}

export type PackageErrorKey = 'older.errors.needLogin' | 'older.errors.noNeedToPay' | 'older.errors.problem'

/** The server refuses the customer's sign-in for the package calls [ER-55]. */
export const NEED_LOGIN_FIRST = 'NEED_LOGIN_FIRST'

/** NEED_LOGIN_FIRST [ER-55] and NO_NEED_TO_PAYMENT [ER-56] have their own text; anything else is "a problem" [ER-58]. */
export function packageErrorKey(code: string | undefined): PackageErrorKey {
  if (code === NEED_LOGIN_FIRST) return 'older.errors.needLogin'
  if (code === 'NO_NEED_TO_PAYMENT') return 'older.errors.noNeedToPay'
  return 'older.errors.problem'
}
