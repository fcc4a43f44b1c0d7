import { describe, expect, it } from 'vitest'
import { gumroadProductOf, metaText, sellsThroughGumroad } from './basket-meta'

const item = (gumroadPermalink?: unknown) => ({ meta: gumroadPermalink === undefined ? {} : { gumroadPermalink } })

describe('basket meta', () => {
  it('reads a text field, blank or of another type counting as absent', () => {
    expect(metaText({ a: ' x ' }, 'a')).toBe('x')
    expect(metaText({ a: '  ' }, 'a')).toBeUndefined()
    expect(metaText({ a: 3 }, 'a')).toBeUndefined()
    expect(metaText(null, 'a')).toBeUndefined()
  })

  it('finds the Gumroad product only in a basket of one item that names one [PM-45]', () => {
    expect(gumroadProductOf([item('diet')])).toBe('diet')
    expect(gumroadProductOf([item(' diet ')])).toBe('diet')
    expect(gumroadProductOf([item()])).toBeUndefined()
    expect(gumroadProductOf([item('diet'), item('diet')])).toBeUndefined()
    expect(gumroadProductOf([item('diet'), item()])).toBeUndefined()
    expect(gumroadProductOf([item(), item('diet')])).toBeUndefined()
    expect(gumroadProductOf([item('diet'), item('mentor')])).toBeUndefined()
    expect(gumroadProductOf([])).toBeUndefined()
  })

  it('sells through Gumroad only at the product price: no code, no points', () => {
    const basketItems = [item('diet')]
    expect(sellsThroughGumroad({ basketItems })).toBe(true)
    expect(sellsThroughGumroad({ basketItems, usedDiscount: { id: 1, code: 'LIMOO20' } })).toBe(false)
    expect(sellsThroughGumroad({ basketItems, userPointStatus: 'ADDED_TO_ORDER' })).toBe(false)
    expect(sellsThroughGumroad({ basketItems: [item('diet'), item('diet')] })).toBe(false)
  })
})
