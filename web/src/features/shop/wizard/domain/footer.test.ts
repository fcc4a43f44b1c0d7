import { describe, expect, it } from 'vitest'
import { footerLines, footerTotal } from './footer'

const products = {
  '101': { id: 101, finalPrice: 490000 },
  '151': { id: 151, finalPrice: 150000 },
  '201': { id: 201, finalPrice: 0 },
}

describe('wizard footer', () => {
  it('lists each chosen product with its final price, in page order [PR-12]', () => {
    const lines = footerLines({ '2': 151, '1': 101 }, products)
    expect(lines.map((line) => [line.page, line.product.id, line.product.finalPrice])).toEqual([
      [1, 101, 490000],
      [2, 151, 150000],
    ])
  })

  it('leaves out a choice whose product is not in the configuration [PR-12]', () => {
    expect(footerLines({ '1': 101, '2': 999 }, products).map((line) => line.product.id)).toEqual([101])
  })

  it('has no line, and so no total, for a declined add-on page [PR-12]', () => {
    const lines = footerLines({ '1': 101, '2': null }, products)
    expect(lines.map((line) => line.product.id)).toEqual([101])
    expect(footerTotal(lines)).toBeNull()
  })

  it('has no total line for a single product [PR-12]', () => {
    expect(footerTotal(footerLines({ '1': 101 }, products))).toBeNull()
  })

  it('has no total line when nothing is chosen [PR-12]', () => {
    expect(footerTotal([])).toBeNull()
  })

  it('adds a total line when more than one product is chosen [PR-12]', () => {
    expect(footerTotal(footerLines({ '1': 101, '2': 151, '3': 201 }, products))).toBe(640000)
  })
})
