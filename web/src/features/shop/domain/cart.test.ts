import { describe, expect, it } from 'vitest'
import { buildProduct } from '@/testing/data/products'
import { CartError, cartReducer, cartTotal, emptyCart, NOT_IN_CART, orderProductIds, removeFromCart, type Cart } from './cart'

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
    cart = cartReducer(cart, { type: 'remove', productId: 152 })
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

describe('removing a product [ER-65]', () => {
  const diet = buildProduct({ id: 102, productType: 'DIET', meta: { count: 3, isAllowedMentor: true } })
  const bundle = buildProduct({ id: 201, productType: 'BUNDLE' })
  const mentor = buildProduct({ id: 152, productType: 'MENTOR', meta: { count: 3 } })
  const full: Cart = { items: [bundle, diet], selectedId: 102, additional: mentor }

  it('raises CartError "Item is not listed in your cart" for a product that is not in the cart', () => {
    expect(() => removeFromCart(full, 999)).toThrow(new CartError(NOT_IN_CART))
    expect(() => removeFromCart(emptyCart, 152)).toThrow(CartError)
    expect(NOT_IN_CART).toBe('Item is not listed in your cart')
  })

  it('raises it again for an add-on already removed', () => {
    const without = removeFromCart(full, 152)
    expect(() => removeFromCart(without, 152)).toThrow(NOT_IN_CART)
  })

  it('removes the add-on and keeps the items and the selection', () => {
    expect(removeFromCart(full, 152)).toEqual({ items: [bundle, diet], selectedId: 102, additional: null })
  })

  it('removes another item and keeps the selection with its add-on', () => {
    expect(removeFromCart(full, 201)).toEqual({ items: [diet], selectedId: 102, additional: mentor })
  })

  it('removes the selected item with its add-on, which matched it', () => {
    expect(removeFromCart(full, 102)).toEqual({ items: [bundle], selectedId: null, additional: null })
  })

  it('the reducer removes a listed product and leaves the cart as it is for an unlisted one, without throwing', () => {
    expect(cartReducer(full, { type: 'remove', productId: 152 }).additional).toBeNull()
    expect(cartReducer(full, { type: 'remove', productId: 999 })).toBe(full)
  })
})
