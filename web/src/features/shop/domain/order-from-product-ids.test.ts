import { describe, expect, it } from 'vitest'
import { orderMetaFromBackUrl, parseProductIds, safeBackPath } from './order-from-product-ids'

describe('the order-from-product-ids address [RG-48]', () => {
  it('reads comma-separated positive ids', () => {
    expect(parseProductIds('101,151')).toEqual([101, 151])
    expect(parseProductIds(' 7 ')).toEqual([7])
  })

  it('rejects an empty, partly invalid or non-positive list', () => {
    expect(parseProductIds(null)).toEqual([])
    expect(parseProductIds('')).toEqual([])
    expect(parseProductIds('101,abc')).toEqual([])
    expect(parseProductIds('0')).toEqual([])
    expect(parseProductIds('1.5')).toEqual([])
  })

  it('takes SPV and the config id from the back address', () => {
    expect(orderMetaFromBackUrl('/select-package-c')).toEqual({ SPV: 'C' })
    expect(orderMetaFromBackUrl(null)).toEqual({ SPV: 'C' })
    expect(orderMetaFromBackUrl('/select-package-f/2')).toEqual({ SPV: 'F' })
    expect(orderMetaFromBackUrl('/select-package-f/1?configId=SELECT_F_AFTER_PROF')).toEqual({
      SPV: 'F',
      configId: 'SELECT_F_AFTER_PROF',
    })
  })

  it('goes back only to an address of this app', () => {
    expect(safeBackPath('/select-package-c', '/select-package')).toBe('/select-package-c')
    expect(safeBackPath('https://example.com', '/select-package')).toBe('/select-package')
    expect(safeBackPath('//example.com', '/select-package')).toBe('/select-package')
    expect(safeBackPath(null, '/select-package')).toBe('/select-package')
  })
})
