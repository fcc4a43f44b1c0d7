import { describe, expect, it } from 'vitest'
import { buildProduct } from '@/testing/data/products'
import { cartReducer, cartTotal, emptyCart, orderProductIds } from './cart'

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

describe('the ADDITIONAL cart item [PM-17, PM-18]', () => {
  const diet = buildProduct({ id: 102, productType: 'DIET', finalPrice: 990000, meta: { count: 3, isAllowedMentor: true } })
  const mentor = buildProduct({ id: 152, productType: 'MENTOR', finalPrice: 490000, meta: { count: 3 } })

  it('adds and removes the mentor product beside the selection [PM-18]', () => {
    let cart = cartReducer(emptyCart, { type: 'select', product: diet })
    cart = cartReducer(cart, { type: 'addAdditional', product: mentor })
    expect(cart.additional?.id).toBe(152)
    expect(orderProductIds(diet, cart.additional)).toEqual([102, 152])
    expect(cartTotal(diet, cart.additional)).toBe(1480000)
    cart = cartReducer(cart, { type: 'removeAdditional' })
    expect(cart.additional).toBeNull()
    expect(orderProductIds(diet, cart.additional)).toEqual([102])
  })

  it('drops the add-on when another product is selected', () => {
    let cart = cartReducer(emptyCart, { type: 'select', product: diet })
    cart = cartReducer(cart, { type: 'addAdditional', product: mentor })
    cart = cartReducer(cart, { type: 'select', product: buildProduct({ id: 101 }) })
    expect(cart.additional).toBeNull()
  })

  it('totals nothing when nothing is selected [PR-13]', () => {
    expect(cartTotal(undefined, null)).toBe(0)
  })
})
