import { describe, expect, it } from 'vitest'
import { optionDisplay } from './option-display'

const product = { title: 'رژیم یک ماهه', subtitle: 'برنامه غذایی اختصاصی', price: 590000, finalPrice: 490000 }

describe('option card fields', () => {
  it('falls back to the product title and subtitle without ui text', () => {
    const display = optionDisplay(undefined, product)
    expect(display.title).toBe('رژیم یک ماهه')
    expect(display.subtitle).toBe('برنامه غذایی اختصاصی')
  })

  it('prefers the ui title and subtitle', () => {
    const display = optionDisplay({ title: 'یک ماه', subtitle: 'شروع سریع' }, product)
    expect(display).toMatchObject({ title: 'یک ماه', subtitle: 'شروع سریع' })
  })

  it('shows prices and currency by default, the original price because it differs', () => {
    expect(optionDisplay({}, product)).toMatchObject({
      originalPrice: 590000,
      finalPrice: 490000,
      withCurrency: true,
      plusSign: false,
      badge: null,
    })
  })

  it('hides the original price when it equals the final price', () => {
    expect(optionDisplay({ showOriginalPrice: true }, { ...product, price: 490000 }).originalPrice).toBeNull()
  })

  it('follows showOriginalPrice, showFinalPrice, showCurrency and showPlusSign', () => {
    expect(
      optionDisplay({ showOriginalPrice: false, showFinalPrice: false, showCurrency: false, showPlusSign: true }, product),
    ).toMatchObject({ originalPrice: null, finalPrice: null, withCurrency: false, plusSign: true })
  })

  it('shows the top-left badge only with showLeftBadge', () => {
    expect(optionDisplay({ topLeftBadge: 'پرفروش' }, product).badge).toBeNull()
    expect(optionDisplay({ topLeftBadge: 'پرفروش', showLeftBadge: true }, product).badge).toBe('پرفروش')
    expect(optionDisplay({ topLeftBadge: ' ', showLeftBadge: true }, product).badge).toBeNull()
  })

  it('has no description without one, or with only empty or hidden parts', () => {
    expect(optionDisplay({}, product).description).toBeNull()
    expect(optionDisplay({ description: { title: 'x', showTitle: false, bullets: [' '] } }, product).description).toBeNull()
  })

  it('shows each description part unless its show flag is false', () => {
    const description = {
      title: 'چه چیزهایی می‌گیرید',
      subtitle: 'زیر نظر کارشناس',
      paragraph: 'برنامه هر هفته به‌روز می‌شود.',
      bullets: ['رژیم اختصاصی', '', 'پشتیبانی'],
      bulletsStyle: 'dot',
      showSubtitle: false,
    }
    expect(optionDisplay({ description }, product).description).toEqual({
      title: 'چه چیزهایی می‌گیرید',
      subtitle: null,
      paragraph: 'برنامه هر هفته به‌روز می‌شود.',
      bullets: ['رژیم اختصاصی', 'پشتیبانی'],
      bulletsStyle: 'dot',
    })
    expect(optionDisplay({ description: { ...description, showBullets: false } }, product).description?.bullets).toEqual([])
  })

  it('draws bullets as checks unless the style is dot', () => {
    expect(optionDisplay({ description: { bullets: ['a'] } }, product).description?.bulletsStyle).toBe('check')
    expect(optionDisplay({ description: { bullets: ['a'], bulletsStyle: 'star' } }, product).description?.bulletsStyle).toBe(
      'check',
    )
  })
})
