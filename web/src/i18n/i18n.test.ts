import { describe, expect, it } from 'vitest'
import fa from './fa.json'
import tr from './tr.json'
import { createI18n, directionOf } from './index'

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

describe('locales', () => {
  it('has the same keys in fa and tr', () => {
    expect(keysOf(tr).sort()).toEqual(keysOf(fa).sort())
  })

  it('defaults to Persian, right-to-left', () => {
    const i18n = createI18n()
    expect(i18n.language).toBe('fa')
    expect(i18n.t('shop.heading')).toBe('انتخاب دوره')
    expect(directionOf('fa')).toBe('rtl')
    expect(directionOf('tr')).toBe('ltr')
  })
})
