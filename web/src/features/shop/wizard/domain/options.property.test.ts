import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chooseOnPage, type Choices } from './choices'
import { isOptionVisible, pageChoice, visibleOptions, type OptionRule } from './options'

// Property tests of the wizard's cart rules (spec 2 §4): random configurations, choices and catalogues.

const productId = fc.integer({ min: 1, max: 8 })
const pageKey = fc.integer({ min: 1, max: 4 }).map(String)
const showIf = fc.option(fc.dictionary(pageKey, productId, { maxKeys: 3 }), { nil: undefined })
const option = fc.record({ productId, showIf }) as fc.Arbitrary<OptionRule>
const options = fc.array(option, { maxLength: 8 })
const choices = fc.dictionary(pageKey, productId, { maxKeys: 4 }) as fc.Arbitrary<Choices>
const products = fc
  .uniqueArray(productId, { maxLength: 8 })
  .map((ids) => Object.fromEntries(ids.map((id) => [String(id), { id }])))

describe('wizard option visibility (property)', () => {
  it('shows an option exactly when its product is loaded and every showIf condition holds', () => {
    fc.assert(
      fc.property(option, choices, products, (candidate, earlier, loaded) => {
        const expected =
          String(candidate.productId) in loaded &&
          Object.entries(candidate.showIf ?? {}).every(([page, id]) => earlier[page] === id)
        expect(isOptionVisible(candidate, earlier, loaded)).toBe(expected)
      }),
    )
  })

  it('keeps the visible options in configuration order', () => {
    fc.assert(
      fc.property(options, choices, products, (all, earlier, loaded) => {
        const visible = visibleOptions(all, earlier, loaded)
        expect(visible).toEqual(all.filter((candidate) => isOptionVisible(candidate, earlier, loaded)))
      }),
    )
  })

  it('chooses the stored option while visible, else the first visible one', () => {
    fc.assert(
      fc.property(options, choices, products, fc.option(productId, { nil: undefined }), (all, earlier, loaded, stored) => {
        const visible = visibleOptions(all, earlier, loaded)
        const expected = visible.find((candidate) => candidate.productId === stored) ?? visible[0]
        expect(pageChoice(visible, stored, false)).toBe(expected?.productId)
      }),
    )
  })
})

describe('wizard choices (property)', () => {
  it('stores the choice of a page and drops every later page, keeping the earlier ones', () => {
    fc.assert(
      fc.property(choices, fc.integer({ min: 1, max: 4 }), productId, (stored, page, id) => {
        const kept = Object.entries(stored).filter(([key]) => Number(key) < page)
        expect(chooseOnPage(stored, page, id)).toEqual({ ...Object.fromEntries(kept), [String(page)]: id })
      }),
    )
  })
})
