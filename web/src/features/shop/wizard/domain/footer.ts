import type { Choices } from './choices'

/** What the footer needs of a product. */
export interface PricedProduct {
  finalPrice: number
}

export interface FooterLine<P extends PricedProduct> {
  page: number
  product: P
}

/**
 * One line per chosen product, in page order; a declined add-on, or a choice whose product is unknown, has no line
 * (spec 2 §2).
 */
export function footerLines<P extends PricedProduct>(
  choices: Choices,
  products: Readonly<Record<string, P>>,
): FooterLine<P>[] {
  const lines: FooterLine<P>[] = []
  for (const [page, productId] of Object.entries(choices)) {
    const key = String(productId)
    if (productId !== null && Object.hasOwn(products, key)) lines.push({ page: Number(page), product: products[key] as P })
  }
  return lines.sort((a, b) => a.page - b.page)
}

/** The sum of the final prices, shown only when more than one product is chosen [PR-12]. */
export function footerTotal(lines: readonly FooterLine<PricedProduct>[]): number | null {
  if (lines.length < 2) return null
  return lines.reduce((sum, line) => sum + line.product.finalPrice, 0)
}
