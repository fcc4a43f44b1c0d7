import { describe, expect, it } from 'vitest'
import { bundleSetOf, choicesFromInfo, initialOffer, offerTotalOf, packageErrorKey, type Offer, type PackagesInfo } from './domain'

function offer(productCount: number, productType: Offer['productType'] = 'DIET'): Offer {
  return {
    productCount,
    productType,
    dietOriginalPrice: 1000,
    dietFinalPriceWithHami: 400,
    dietFinalPriceWithoutHami: 900,
    hamiOriginalPrice: 300,
    hamiFinalPriceWithHami: 300,
    hasHami: true,
    isBundleOffer: productType === 'BUNDLE',
    totalWithHami: 700,
    totalWithoutHami: 900,
  }
}

const info = (enablePoints: boolean, canUsePoints: boolean) => ({ enablePoints, canUsePoints }) as PackagesInfo

describe('bundle set [DS-33]', () => {
  const offers = [offer(1), offer(3, 'BUNDLE'), offer(6, 'BUNDLE')]

  it('is the bundle whose length is stored', () => {
    expect(bundleSetOf(offers, '6')).toEqual({ state: 'SUCCESS', offer: offers[2] })
  })

  it('is the first bundle without a stored id', () => {
    expect(bundleSetOf(offers, null)).toEqual({ state: 'SUCCESS', offer: offers[1] })
  })

  it('fails without bundles or for a stored id naming none', () => {
    expect(bundleSetOf([offer(1)], null)).toEqual({ state: 'FAILED' })
    expect(bundleSetOf(offers, '12')).toEqual({ state: 'FAILED' })
  })

  it('selects the bundle set first, else the shortest programme', () => {
    expect(initialOffer(offers, bundleSetOf(offers, null))).toBe(offers[1])
    expect(initialOffer([offer(1)], { state: 'FAILED' })?.productCount).toBe(1)
  })
})

describe('switches from the packages info [PR-26]', () => {
  it('turns hami off and points on where points can be spent', () => {
    expect(choicesFromInfo(info(true, true))).toEqual({ hami: false, points: true })
    expect(choicesFromInfo(info(true, false))).toEqual({ hami: false, points: false })
    expect(choicesFromInfo(info(false, true))).toEqual({ hami: false, points: false })
  })

  it('prices an offer at its whole order, the hami in it only where the length has one', () => {
    expect(offerTotalOf(offer(3), true)).toBe(700)
    expect(offerTotalOf({ ...offer(3), hasHami: false }, true)).toBe(900)
    expect(offerTotalOf(offer(3), false)).toBe(900)
  })
})

describe('error texts [ER-55, ER-56, ER-58]', () => {
  it('names NEED_LOGIN_FIRST and NO_NEED_TO_PAYMENT, anything else is a problem', () => {
    expect(packageErrorKey('NEED_LOGIN_FIRST')).toBe('older.errors.needLogin')
    expect(packageErrorKey('NO_NEED_TO_PAYMENT')).toBe('older.errors.noNeedToPay')
    expect(packageErrorKey('400')).toBe('older.errors.problem')
    expect(packageErrorKey(undefined)).toBe('older.errors.problem')
  })
})
