import { describe, expect, it } from 'vitest'
import { TOMAN, formatAmount, formatPrice } from './money'

describe('formatAmount', () => {
  it('writes Persian digits with thousands separators by default', () => {
    expect(formatAmount(1250000)).toBe('۱٬۲۵۰٬۰۰۰')
  })

  it('writes zero and small amounts without separators', () => {
    expect(formatAmount(0)).toBe('۰')
    expect(formatAmount(999)).toBe('۹۹۹')
  })

  it('rounds fractions away rather than showing decimals', () => {
    expect(formatAmount(1000.6)).toBe('۱٬۰۰۱')
  })

  it('uses Latin digits for Turkish', () => {
    expect(formatAmount(1250000, 'tr')).toBe('1.250.000')
  })

  it('falls back to Persian for an unknown language', () => {
    expect(formatAmount(12000, 'xx')).toBe('۱۲٬۰۰۰')
  })
})

describe('formatPrice', () => {
  it('labels an amount with toman by default [PR-01]', () => {
    expect(TOMAN).toBe('تومان')
    expect(formatPrice(490000)).toBe('۴۹۰٬۰۰۰ تومان')
  })

  it('uses the given currency label and falls back to toman when it is empty', () => {
    expect(formatPrice(5, 'ریال')).toBe('۵ ریال')
    expect(formatPrice(5, '')).toBe('۵ تومان')
  })
})
