import { describe, expect, it } from 'vitest'
import { buildProduct } from '@/testing/data/products'
import { defaultCartItem, splitFeatured } from './default-cart-item'

const diet = (id: number, finalPrice = 490000) => buildProduct({ id, productType: 'DIET', finalPrice, price: finalPrice })
const bundle = (id: number, finalPrice: number) => buildProduct({ id, productType: 'BUNDLE', finalPrice, price: finalPrice })
const tag = (id: number) => buildProduct({ id, productType: 'TAG', finalPrice: 0, price: 0, meta: { value: 'SPORT' } })

describe('defaultCartItem', () => {
  it('picks the first featured product [PR-44]', () => {
    const featuredA = buildProduct({ id: 3, productType: 'DIET', meta: { featured: true } })
    const featuredB = buildProduct({ id: 4, productType: 'BUNDLE', meta: { featured: true } })
    expect(defaultCartItem([diet(1), bundle(2, 100), featuredA, featuredB])?.id).toBe(3)
  })

  it('without a featured product, picks the cheapest bundle [PR-45]', () => {
    expect(defaultCartItem([diet(1, 10), bundle(2, 900), bundle(3, 500), bundle(4, 700)])?.id).toBe(3)
  })

  it('keeps the first of equally cheap bundles', () => {
    expect(defaultCartItem([bundle(2, 500), bundle(3, 500)])?.id).toBe(2)
  })

  it('ignores featured set to false', () => {
    const notFeatured = buildProduct({ id: 1, productType: 'BUNDLE', finalPrice: 900, meta: { featured: false } })
    expect(defaultCartItem([notFeatured, bundle(2, 300)])?.id).toBe(2)
  })

  it('without featured products or bundles, picks the first diet [PR-46]', () => {
    expect(defaultCartItem([tag(1), diet(2), diet(3)])?.id).toBe(2)
  })

  it('without featured products, bundles or diets, picks the first product [PR-47]', () => {
    const partnerDiscount = buildProduct({ id: 2, productType: 'PARTNER_DISCOUNT' })
    expect(defaultCartItem([tag(1), partnerDiscount])?.id).toBe(1)
  })

  it('picks nothing from an empty catalogue', () => {
    expect(defaultCartItem([])).toBeUndefined()
  })
})

describe('splitFeatured', () => {
  it('puts featured products first, each group in catalogue order [PM-01]', () => {
    const products = [
      diet(1),
      buildProduct({ id: 2, meta: { featured: true } }),
      diet(3),
      buildProduct({ id: 4, meta: { featured: true } }),
    ]
    const { featured, others } = splitFeatured(products)
    expect(featured.map((product) => product.id)).toEqual([2, 4])
    expect(others.map((product) => product.id)).toEqual([1, 3])
  })
})
