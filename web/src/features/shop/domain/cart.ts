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
  | { type: 'removeAdditional' }
  | { type: 'clear' }

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
    case 'removeAdditional':
      return { ...cart, additional: null }
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
