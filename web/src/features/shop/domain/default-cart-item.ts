import type { Product } from '../types'

export function isFeatured(product: Product): boolean {
  return product.meta?.featured === true
}

/**
 * The product preselected after a successful catalogue fetch (spec 3 §4, DECISIONS "Shop and payment"):
 * the first featured product [PR-44], else the cheapest bundle [PR-45], else the first diet [PR-46],
 * else the first product [PR-47]. Nothing for an empty catalogue.
 */
export function defaultCartItem(products: readonly Product[]): Product | undefined {
  const featured = products.find(isFeatured)
  if (featured) return featured

  const cheapestBundle = products
    .filter((product) => product.productType === 'BUNDLE')
    .reduce<Product | undefined>(
      (cheapest, bundle) => (cheapest === undefined || bundle.finalPrice < cheapest.finalPrice ? bundle : cheapest),
      undefined,
    )
  if (cheapestBundle) return cheapestBundle

  return products.find((product) => product.productType === 'DIET') ?? products[0]
}

/** Featured products first, then the rest, each group in catalogue order [PM-01]. */
export function splitFeatured(products: readonly Product[]): { featured: Product[]; others: Product[] } {
  return {
    featured: products.filter(isFeatured),
    others: products.filter((product) => !isFeatured(product)),
  }
}
