import { describe, expect, it } from 'vitest'
import { buildProduct } from '@/testing/data/products'
import { cartReducer, emptyCart } from './cart'

describe('cartReducer', () => {
  it('puts a chosen product in the cart and selects it [PM-10]', () => {
    const diet = buildProduct({ id: 1, productType: 'DIET' })
    const cart = cartReducer(emptyCart, { type: 'select', product: diet })
    expect(cart.items.map((item) => item.id)).toEqual([1])
    expect(cart.selectedId).toBe(1)
  })

  it('replaces the cart item of the same product type [PM-11]', () => {
    const first = buildProduct({ id: 1, productType: 'DIET' })
    const second = buildProduct({ id: 2, productType: 'DIET' })
    const bundle = buildProduct({ id: 3, productType: 'BUNDLE' })
    let cart = cartReducer(emptyCart, { type: 'select', product: first })
    cart = cartReducer(cart, { type: 'select', product: bundle })
    cart = cartReducer(cart, { type: 'select', product: second })
    expect(cart.items.map((item) => item.id)).toEqual([3, 2])
    expect(cart.selectedId).toBe(2)
  })

  it('empties on clear', () => {
    const cart = cartReducer(emptyCart, { type: 'select', product: buildProduct({ id: 1 }) })
    expect(cartReducer(cart, { type: 'clear' })).toEqual(emptyCart)
  })
})
