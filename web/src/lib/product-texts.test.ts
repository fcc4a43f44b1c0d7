import { describe, expect, it } from 'vitest'
import { shownTexts } from './product-texts'

const product = {
  title: 'رژیم یک ماهه فارسی‌زبانان خارج از کشور',
  subtitle: 'برنامه غذایی با مواد غذایی در دسترس کشور محل زندگی شما',
  subtitle2: '۴ هفته همراهی',
  meta: { translations: { tr: { title: 'Yurt dışında yaşayanlar için bir aylık diyet', subtitle2: '4 hafta destek' } } },
}

describe('the texts a product shows in the page language', () => {
  it('takes the translated texts, each falling back to the Persian one', () => {
    expect(shownTexts(product, 'tr')).toEqual({
      title: 'Yurt dışında yaşayanlar için bir aylık diyet',
      subtitle: product.subtitle,
      subtitle2: '4 hafta destek',
    })
  })

  it('keeps the Persian texts in Persian and for a product without translations or with blank ones', () => {
    expect(shownTexts(product, 'fa')).toEqual({ title: product.title, subtitle: product.subtitle, subtitle2: product.subtitle2 })
    expect(shownTexts({ title: 'رژیم', subtitle: null, meta: null }, 'tr')).toEqual({ title: 'رژیم' })
    expect(shownTexts({ title: 'رژیم', meta: { translations: { tr: { title: ' ' } } } }, 'tr').title).toBe('رژیم')
  })
})
