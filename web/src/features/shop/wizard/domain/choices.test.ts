import { describe, expect, it } from 'vitest'
import {
  CART_ITEMS_KEY,
  choicesBefore,
  chooseOnPage,
  chosenProductIds,
  hasEarlierChoices,
  parseChoices,
  readChoices,
  writeChoices,
} from './choices'

describe('stored choices', () => {
  it('round-trips through session storage under sPFCartItems', () => {
    writeChoices({ '1': 101, '2': 151 })
    expect(window.sessionStorage.getItem(CART_ITEMS_KEY)).toBe('{"1":101,"2":151}')
    expect(readChoices()).toEqual({ '1': 101, '2': 151 })
  })

  it('reads nothing when nothing is stored', () => {
    expect(readChoices()).toEqual({})
  })

  it.each(['not json', '[101]', '"101"', 'null', '42'])('reads %j as no choices', (raw) => {
    expect(parseChoices(raw)).toEqual({})
  })

  it('leaves out entries that are not a page number with a product id or null', () => {
    expect(parseChoices('{"1":101,"0":5,"x":7,"2":"151","3":1.5,"4":104}')).toEqual({ '1': 101, '4': 104 })
  })

  it('keeps a declined add-on page (null) as a choice', () => {
    expect(parseChoices('{"1":102,"2":null}')).toEqual({ '1': 102, '2': null })
  })
})

describe('chooseOnPage', () => {
  it('stores the choice for its page', () => {
    expect(chooseOnPage({}, 1, 101)).toEqual({ '1': 101 })
  })

  it('replaces the choice of the same page and keeps earlier pages', () => {
    expect(chooseOnPage({ '1': 101, '2': 151 }, 2, 152)).toEqual({ '1': 101, '2': 152 })
  })

  it('drops the stored choices of later pages (spec 2 §4)', () => {
    expect(chooseOnPage({ '1': 101, '2': 151, '3': 201, '10': 9 }, 1, 102)).toEqual({ '1': 102 })
  })

  it('does not change the choices it was given', () => {
    const choices = { '1': 101, '2': 151 }
    chooseOnPage(choices, 1, 102)
    expect(choices).toEqual({ '1': 101, '2': 151 })
  })
})

describe('earlier choices', () => {
  it('keeps only the pages before the given one', () => {
    expect(choicesBefore({ '1': 101, '2': 151, '3': 201 }, 3)).toEqual({ '1': 101, '2': 151 })
  })

  it.each([
    [1, {}, true],
    [2, { '1': 101 }, true],
    [3, { '1': 101, '2': 151 }, true],
    [2, {}, false],
    [3, { '1': 101 }, false],
    [3, { '2': 151 }, false],
    [3, { '1': 101, '3': 201 }, false],
    [3, { '1': 101, '2': null }, true],
  ])('page %i with %j has every earlier choice: %s [RG-43]', (page, choices, expected) => {
    expect(hasEarlierChoices(choices, page)).toBe(expected)
  })

  it('lists the chosen products in page order', () => {
    expect(chosenProductIds({ '10': 3, '2': 151, '1': 101 })).toEqual([101, 151, 3])
  })

  it('orders nothing for a declined add-on page', () => {
    expect(chosenProductIds({ '1': 102, '2': null })).toEqual([102])
  })
})
