import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Product, ProductType } from '../types'
import { defaultCartItem, isFeatured } from './default-cart-item'

// Property test of the default cart item over random catalogues (spec 3 §4, DECISIONS "Shop and payment").

const productType = fc.constantFrom<ProductType>('DIET', 'BUNDLE', 'TAG', 'PARTNER_DISCOUNT', 'MENTOR')
const product = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  productType,
  finalPrice: fc.integer({ min: 0, max: 10_000_000 }),
  featured: fc.boolean(),
})
const catalogue = fc
  .array(product, { maxLength: 12 })
  .map((rows) =>
    rows.map(
      ({ featured, ...row }) =>
        ({ ...row, title: `p${row.id}`, price: row.finalPrice, currency: 'تومان', service: 'LIMOO_SHOP', isEnabled: true, meta: featured ? { featured: true } : {} }) as Product,
    ),
  )

describe('default cart item (property) [PR-44…PR-47]', () => {
  it('is the first featured, else the cheapest bundle, else the first diet, else the first product', () => {
    fc.assert(
      fc.property(catalogue, (products) => {
        const bundles = products.filter((p) => p.productType === 'BUNDLE')
        const cheapest = bundles.find((b) => b.finalPrice === Math.min(...bundles.map((x) => x.finalPrice)))
        const expected =
          products.find(isFeatured) ?? cheapest ?? products.find((p) => p.productType === 'DIET') ?? products[0]
        expect(defaultCartItem(products)).toBe(expected)
      }),
    )
  })
})
