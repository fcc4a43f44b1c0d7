import { describe, expect, it } from 'vitest'
import { buildProduct } from '@/testing/data/products'
import { footerActionFor } from './footer-action'

describe('footerActionFor', () => {
  it('offers no button with nothing selected [PM-12]', () => {
    expect(footerActionFor(undefined)).toEqual({ kind: 'none' })
  })

  it('chooses a gift on the partner page for a TAG with selectPackageType d [PM-13]', () => {
    const gift = buildProduct({ productType: 'TAG', meta: { value: 'PARTNERS', selectPackageType: 'd' } })
    expect(footerActionFor(gift)).toEqual({ kind: 'chooseGift', to: '/select-package-d' })
  })

  it('continues to the lowercase category page for other TAGs [PM-14]', () => {
    const sport = buildProduct({ productType: 'TAG', meta: { value: 'SPORT' } })
    expect(footerActionFor(sport)).toEqual({ kind: 'category', to: '/select-category-packages/sport' })
  })

  it('falls back to the first tag when a TAG has no value', () => {
    const mind = buildProduct({ productType: 'TAG', meta: { tags: ['MIND'] } })
    expect(footerActionFor(mind)).toEqual({ kind: 'category', to: '/select-category-packages/mind' })
  })

  it('opens the additional products for a mentor-allowed product [PM-15]', () => {
    expect(footerActionFor(buildProduct({ productType: 'DIET', meta: { isAllowedMentor: true } }))).toEqual({
      kind: 'additionalProducts',
    })
  })

  it('completes the purchase for any other product [PM-16]', () => {
    expect(footerActionFor(buildProduct({ productType: 'DIET', meta: { isAllowedMentor: false } }))).toEqual({
      kind: 'completePurchase',
    })
    expect(footerActionFor(buildProduct({ productType: 'BUNDLE' }))).toEqual({ kind: 'completePurchase' })
  })
})
