import { describe, expect, it } from 'vitest'
import { gumroadProductOf, gumroadRefusal, metaText } from './basket-meta'

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

  it('sells through Gumroad only one Gumroad product at its price, and names what stands in the way', () => {
    const basketItems = [item('diet')]
    expect(gumroadRefusal({ basketItems })).toBeNull()
    expect(gumroadRefusal({ basketItems, usedDiscount: { id: 1, code: 'LIMOO20' } })).toBe('code')
    expect(gumroadRefusal({ basketItems, userPointStatus: 'ADDED_TO_ORDER' })).toBe('points')
    expect(gumroadRefusal({ basketItems: [item('diet'), item('diet')] })).toBe('severalItems')
    expect(gumroadRefusal({ basketItems: [item()] })).toBe('notOnGumroad')
  })
})
