import { describe, expect, it } from 'vitest'
import { gumroadProductOf, metaText } from './basket-meta'

const item = (gumroadPermalink?: unknown) => ({ meta: gumroadPermalink === undefined ? {} : { gumroadPermalink } })

describe('basket meta', () => {
  it('reads a text field, blank or of another type counting as absent', () => {
    expect(metaText({ a: ' x ' }, 'a')).toBe('x')
    expect(metaText({ a: '  ' }, 'a')).toBeUndefined()
    expect(metaText({ a: 3 }, 'a')).toBeUndefined()
    expect(metaText(null, 'a')).toBeUndefined()
  })

  it('finds the Gumroad product only when every item names the same one [PM-45]', () => {
    expect(gumroadProductOf([item('diet')])).toBe('diet')
    expect(gumroadProductOf([item('diet'), item(' diet ')])).toBe('diet')
    expect(gumroadProductOf([item('diet'), item()])).toBeUndefined()
    expect(gumroadProductOf([item(), item('diet')])).toBeUndefined()
    expect(gumroadProductOf([item('diet'), item('mentor')])).toBeUndefined()
    expect(gumroadProductOf([])).toBeUndefined()
  })
})
