import { describe, expect, it } from 'vitest'
import { formatCount, formatNumber, localDigits, toLatinDigits } from './digits'

describe('formatNumber', () => {
  it('writes a Persian decimal with the Persian decimal separator, not a dot', () => {
    expect(formatNumber(22.2, 'fa')).toBe('۲۲٫۲')
    expect(formatNumber(82, 'fa')).toBe('۸۲')
  })

  it('writes a Turkish decimal with a comma and Latin digits', () => {
    expect(formatNumber(22.2, 'tr')).toBe('22,2')
  })

  it('keeps two decimals at most and never groups thousands (order numbers, years)', () => {
    expect(formatNumber(22.456, 'fa')).toBe('۲۲٫۴۶')
    expect(formatNumber(1403, 'fa')).toBe('۱۴۰۳')
    expect(formatNumber(12345, 'tr')).toBe('12345')
  })
})

describe('formatCount', () => {
  it('groups thousands with the Persian thousands separator ٬, not a comma', () => {
    expect(formatCount(133701, 'fa')).toBe('۱۳۳٬۷۰۱')
    expect(formatCount(133701, 'tr')).toBe('133.701')
  })
})

describe('localDigits', () => {
  it('formats numbers as formatNumber does', () => {
    expect(localDigits(22.2, 'fa')).toBe('۲۲٫۲')
  })

  it('changes only the digits of a text: a mobile number in Persian digits on a Persian screen', () => {
    expect(localDigits('09121234567', 'fa')).toBe('۰۹۱۲۱۲۳۴۵۶۷')
    expect(localDigits('+90 5', 'fa')).toBe('+۹۰ ۵')
    expect(localDigits('09121234567', 'tr')).toBe('09121234567')
  })

  it('reads back as Latin digits [AU-23]', () => {
    expect(toLatinDigits(localDigits('09121234567', 'fa'))).toBe('09121234567')
  })
})

describe('toLatinDigits', () => {
  it('reads Persian and Arabic-Indic digits, every one of them, and leaves the rest [AU-23]', () => {
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789')
    expect(toLatinDigits('+۹۸ ٩١٢-abc 5')).toBe('+98 912-abc 5')
  })
})
