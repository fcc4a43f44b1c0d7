import { afterEach, describe, expect, it, vi } from 'vitest'
import faFirst from './fa-first.json'
import faLater from './fa-later.json'
import tr from './tr.json'
import { chosenLanguage, createI18n, directionOf, LANGUAGE_KEY, switchLanguage } from './index'

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

describe('locales', () => {
  it('has the same keys in fa and tr', () => {
    expect(keysOf(tr).sort()).toEqual(keysOf({ ...faFirst, ...faLater }).sort())
  })

  it('keeps each Persian namespace in one of the two files', () => {
    expect(Object.keys(faFirst).filter((namespace) => namespace in faLater)).toEqual([])
  })

  it("adds the later Persian texts to an instance made before they arrived (the first screen's)", async () => {
    vi.resetModules()
    const fresh = await import('./index')
    const i18n = fresh.createI18n('fa')
    expect(i18n.t('auth.mobile.heading')).toBe(faFirst.auth.mobile.heading)
    expect(i18n.t('shop.heading')).toBe('shop.heading')
    await fresh.loadLaterTexts()
    expect(i18n.t('shop.heading')).toBe(faLater.shop.heading)
    expect(fresh.createI18n('fa').t('shop.heading')).toBe(faLater.shop.heading)
  })

  it('fetches no Persian texts for the later screens of a Turkish visit, and fetches them on a switch to Persian', async () => {
    vi.resetModules()
    const fresh = await import('./index')
    await fresh.loadLanguage('tr')
    const i18n = fresh.createI18n('tr')
    await fresh.loadLaterTexts()
    expect(i18n.t('shop.heading')).toBe(tr.shop.heading)
    expect(fresh.createI18n('fa').t('shop.heading')).toBe('shop.heading')
    await fresh.switchLanguage(i18n, 'fa')
    expect(i18n.t('shop.heading')).toBe(faLater.shop.heading)
  })

  it('fetches the later Persian texts for a Turkish visit whose texts did not load (it shows Persian)', async () => {
    vi.resetModules()
    const fresh = await import('./index')
    const i18n = fresh.createI18n('tr')
    await fresh.loadLaterTexts()
    expect(i18n.t('shop.heading')).toBe(faLater.shop.heading)
  })

  it('defaults to Persian, right-to-left', () => {
    const i18n = createI18n()
    expect(i18n.language).toBe('fa')
    expect(i18n.t('shop.heading')).toBe('انتخاب دوره')
    expect(directionOf('fa')).toBe('rtl')
    expect(directionOf('tr')).toBe('ltr')
  })

  it('switches a running instance to Turkish, its texts loaded on demand [CT-05]', async () => {
    const i18n = createI18n('fa')
    await switchLanguage(i18n, 'tr')
    expect(i18n.language).toBe('tr')
    expect(i18n.t('shop.heading')).toBe(tr.shop.heading)
  })
})

describe('chosen language', () => {
  afterEach(() => window.sessionStorage.clear())
  const at = (hash: string, search = '') => ({ hash, search })

  it('is Persian without a choice [CT-05]', () => {
    expect(chosenLanguage(at('#/select-package-c'))).toBe('fa')
  })

  it("follows ?lang= in the hash route's query or before the hash, and keeps it for the session [CT-05]", () => {
    expect(chosenLanguage(at('#/form/f1?lang=tr'))).toBe('tr')
    expect(window.sessionStorage.getItem(LANGUAGE_KEY)).toBe('tr')
    expect(chosenLanguage(at('#/form/f2'))).toBe('tr')
    expect(chosenLanguage(at('#/form/f2', '?lang=fa'))).toBe('fa')
  })

  it('ignores a language it does not have', () => {
    expect(chosenLanguage(at('#/form/f1?lang=de'))).toBe('fa')
    expect(window.sessionStorage.getItem(LANGUAGE_KEY)).toBeNull()
  })
})
