import { describe, expect, it } from 'vitest'
import { isOptionVisible, pageChoice, visibleOptions } from './options'

const products = { '101': {}, '102': {}, '151': {}, '152': {} }

describe('option visibility (showIf)', () => {
  it('shows an option without showIf whose product exists', () => {
    expect(isOptionVisible({ productId: 101 }, {}, products)).toBe(true)
    expect(isOptionVisible({ productId: 101, showIf: null }, {}, products)).toBe(true)
  })

  it('hides an option whose product is not among the configuration products', () => {
    expect(isOptionVisible({ productId: 999 }, {}, products)).toBe(false)
  })

  it('does not take inherited object keys for products', () => {
    expect(isOptionVisible({ productId: 1 }, {}, Object.create({ '1': {} }) as Record<string, unknown>)).toBe(false)
  })

  it('shows an option when the earlier page holds the required product', () => {
    expect(isOptionVisible({ productId: 151, showIf: { '1': 101 } }, { '1': 101 }, products)).toBe(true)
  })

  it('hides an option when the earlier page holds another product', () => {
    expect(isOptionVisible({ productId: 151, showIf: { '1': 101 } }, { '1': 102 }, products)).toBe(false)
  })

  it('hides an option when the earlier page has no choice', () => {
    expect(isOptionVisible({ productId: 151, showIf: { '1': 101 } }, {}, products)).toBe(false)
  })

  it('needs every condition to hold', () => {
    const option = { productId: 152, showIf: { '1': 101, '2': 151 } }
    expect(isOptionVisible(option, { '1': 101, '2': 151 }, products)).toBe(true)
    expect(isOptionVisible(option, { '1': 101, '2': 152 }, products)).toBe(false)
  })

  it('hides an option whose showIf holds but whose product is missing', () => {
    expect(isOptionVisible({ productId: 999, showIf: { '1': 101 } }, { '1': 101 }, products)).toBe(false)
  })

  it('keeps the configured order of the visible options', () => {
    const options = [
      { productId: 151, showIf: { '1': 102 } },
      { productId: 152, showIf: { '1': 101 } },
      { productId: 999 },
      { productId: 102 },
    ]
    expect(visibleOptions(options, { '1': 101 }, products).map((option) => option.productId)).toEqual([152, 102])
  })
})

describe('default choice', () => {
  const visible = [{ productId: 101 }, { productId: 102 }]

  it('is the first visible option when nothing is stored (spec 2 §4)', () => {
    expect(pageChoice(visible, undefined, false)).toBe(101)
  })

  it('is the stored choice while it is visible', () => {
    expect(pageChoice(visible, 102, false)).toBe(102)
  })

  it('falls back to the first visible option when the stored product is no longer shown', () => {
    expect(pageChoice(visible, 151, false)).toBe(101)
  })

  it('is nothing on a page without visible options', () => {
    expect(pageChoice([], 101, false)).toBeUndefined()
  })
})

describe('default choice on an optional (add-on) page', () => {
  const mentor = [{ productId: 152 }]

  it('is going on without the add-on when nothing is stored', () => {
    expect(pageChoice(mentor, undefined, true)).toBeNull()
  })

  it('keeps a stored add-on while it is visible, and a stored decline', () => {
    expect(pageChoice(mentor, 152, true)).toBe(152)
    expect(pageChoice(mentor, null, true)).toBeNull()
  })

  it('falls back to going on without when the stored add-on is no longer shown, or none is', () => {
    expect(pageChoice(mentor, 151, true)).toBeNull()
    expect(pageChoice([], undefined, true)).toBeNull()
  })

  it('never declines on a page that is not optional', () => {
    expect(pageChoice(mentor, null, false)).toBe(152)
  })
})
