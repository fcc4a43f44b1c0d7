import type { Product } from '../types'

/** The shop cart of select-package-c: at most one item per product type [PM-10, PM-11]. */
export interface Cart {
  items: Product[]
  /** The product chosen last on the page; the footer acts on it. */
  selectedId: number | null
}

export const emptyCart: Cart = { items: [], selectedId: null }

export type CartAction = { type: 'select'; product: Product } | { type: 'clear' }

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'select': {
      const { product } = action
      const others = cart.items.filter((item) => item.productType !== product.productType)
      return { items: [...others, product], selectedId: product.id }
    }
    case 'clear':
      return emptyCart
  }
}
