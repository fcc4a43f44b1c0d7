import type { Product } from '../types'

/**
 * The shop cart of select-package-c: at most one item per product type [PM-10, PM-11], plus the optional ADDITIONAL
 * item the mentor switch adds [PM-17, PM-18].
 */
export interface Cart {
  items: Product[]
  /** The product chosen last on the page; the footer acts on it. */
  selectedId: number | null
  /** The add-on (the mentor product) ordered with the selection. */
  additional: Product | null
}

export const emptyCart: Cart = { items: [], selectedId: null, additional: null }

export type CartAction =
  | { type: 'select'; product: Product }
  | { type: 'addAdditional'; product: Product }
  | { type: 'remove'; productId: number }
  | { type: 'clear' }

/** The message of spec 3 §4, kept in English as the spec gives it [ER-65]. */
export const NOT_IN_CART = 'Item is not listed in your cart'

/** A cart operation the cart's contents refuse. */
export class CartError extends Error {
  override name = 'CartError'
}

/** Whether the product is a cart item or the add-on. */
export function isInCart(cart: Cart, productId: number): boolean {
  return cart.additional?.id === productId || cart.items.some((item) => item.id === productId)
}

/**
 * The cart without the product: the add-on, or a cart item (removing the selected item drops its add-on, which matched
 * it). A product that is not in the cart raises `CartError(NOT_IN_CART)` [ER-65].
 */
export function removeFromCart(cart: Cart, productId: number): Cart {
  if (!isInCart(cart, productId)) throw new CartError(NOT_IN_CART)
  if (cart.additional?.id === productId) return { ...cart, additional: null }
  const selectionRemoved = cart.selectedId === productId
  return {
    items: cart.items.filter((item) => item.id !== productId),
    selectedId: selectionRemoved ? null : cart.selectedId,
    additional: selectionRemoved ? null : cart.additional,
  }
}

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'select': {
      const { product } = action
      const others = cart.items.filter((item) => item.productType !== product.productType)
      // An add-on matched the previous selection (same count), so a new selection drops it.
      return { items: [...others, product], selectedId: product.id, additional: null }
    }
    case 'addAdditional':
      return { ...cart, additional: action.product }
    case 'remove':
      // The page dispatches only listed products; a stale one leaves the cart as it is, as a reducer runs during
      // render and must not throw.
      return isInCart(cart, action.productId) ? removeFromCart(cart, action.productId) : cart
    case 'clear':
      return emptyCart
  }
}

/** The ids an order is created with: the selected product, then its add-on. */
export function orderProductIds(selected: Product, additional: Product | null): number[] {
  return additional ? [selected.id, additional.id] : [selected.id]
}

/** The footer's payable total: the selected product's final price plus its add-on's [PR-13]. */
export function cartTotal(selected: Product | undefined, additional: Product | null): number {
  return (selected?.finalPrice ?? 0) + (additional?.finalPrice ?? 0)
}
