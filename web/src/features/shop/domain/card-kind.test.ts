import { describe, expect, it } from 'vitest'
import { buildProduct } from '@/testing/data/products'
import { cardKindOf, packageMonths, showsEconomyBadge, showsPrice } from './card-kind'

describe('cardKindOf', () => {
  it('gives a DIET the premium card for productCode PREMIUM [PM-04]', () => {
    expect(cardKindOf(buildProduct({ productType: 'DIET', meta: { productCode: 'PREMIUM' } }))).toBe('premium')
  })

  it('gives a DIET the premium card for ui_component PREMIUM [PM-04]', () => {
    expect(cardKindOf(buildProduct({ productType: 'DIET', meta: { productCode: 'NORMAL', ui_component: 'PREMIUM' } }))).toBe(
      'premium',
    )
  })

  it('gives any other DIET the normal card [PM-04]', () => {
    expect(cardKindOf(buildProduct({ productType: 'DIET', meta: { productCode: 'NORMAL' } }))).toBe('normal')
  })

  it('gives a BUNDLE the premium or the normal card', () => {
    expect(cardKindOf(buildProduct({ productType: 'BUNDLE', meta: { ui_component: 'PREMIUM' } }))).toBe('premium')
    expect(cardKindOf(buildProduct({ productType: 'BUNDLE', meta: { productCode: 'NORMAL' } }))).toBe('normal')
  })

  it('gives a TAG the partner card for value PARTNERS or selectPackageType d [PM-06]', () => {
    expect(cardKindOf(buildProduct({ productType: 'TAG', meta: { value: 'PARTNERS' } }))).toBe('partner')
    expect(cardKindOf(buildProduct({ productType: 'TAG', meta: { value: 'GIFTS', selectPackageType: 'd' } }))).toBe('partner')
  })

  it('gives any other TAG a card without a price [PM-06]', () => {
    expect(cardKindOf(buildProduct({ productType: 'TAG', meta: { value: 'SPORT' } }))).toBe('no-price')
  })

  it('gives a PARTNER_DISCOUNT a card without a price [PM-07]', () => {
    expect(cardKindOf(buildProduct({ productType: 'PARTNER_DISCOUNT' }))).toBe('no-price')
  })

  it('shows a price on every card kind but the priceless one', () => {
    const priced = buildProduct({ price: 500000, finalPrice: 400000 })
    expect(showsPrice('premium', priced)).toBe(true)
    expect(showsPrice('normal', priced)).toBe(true)
    expect(showsPrice('partner', priced)).toBe(true)
    expect(showsPrice('no-price', priced)).toBe(false)
  })

  it('hides a zero price on a partner card but keeps it on a normal card', () => {
    const free = buildProduct({ price: 0, finalPrice: 0 })
    expect(showsPrice('partner', free)).toBe(false)
    expect(showsPrice('normal', free)).toBe(true)
  })
})

describe('showsEconomyBadge [PM-05]', () => {
  const oneMonthDiet = buildProduct({ productType: 'DIET', meta: { count: 1 } })

  it('shows for a one-month DIET when the flag is on', () => {
    expect(showsEconomyBadge(oneMonthDiet, true)).toBe(true)
  })

  it('does not show when the flag is off', () => {
    expect(showsEconomyBadge(oneMonthDiet, false)).toBe(false)
  })

  it('does not show for other counts or other product types', () => {
    expect(showsEconomyBadge(buildProduct({ productType: 'DIET', meta: { count: 3 } }), true)).toBe(false)
    expect(showsEconomyBadge(buildProduct({ productType: 'BUNDLE', meta: { count: 1 } }), true)).toBe(false)
  })
})

describe('packageMonths', () => {
  it('is the count of a package, in months [CT-15]', () => {
    expect(packageMonths(buildProduct({ productType: 'DIET', meta: { count: 3 } }))).toBe(3)
    expect(packageMonths(buildProduct({ productType: 'BUNDLE', meta: { count: 6 } }))).toBe(6)
  })

  it('is nothing for a product without a whole positive count', () => {
    expect(packageMonths(buildProduct({ productType: 'TAG', meta: { count: undefined } }))).toBeNull()
    expect(packageMonths(buildProduct({ productType: 'DIET', meta: { count: 0 } }))).toBeNull()
  })
})
