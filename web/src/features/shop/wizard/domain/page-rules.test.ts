import { describe, expect, it } from 'vitest'
import { firstPageAddress, pageDecision } from './page-rules'

describe('page-number rules', () => {
  it.each(['abc', '1a', '', '-1', '1.5', '۲', ' 2'])('treats %j as not a number [RG-41]', (id) => {
    expect(pageDecision(id, {})).toEqual({ kind: 'notANumber' })
  })

  it('treats a missing id as not a number [RG-41]', () => {
    expect(pageDecision(undefined, {})).toEqual({ kind: 'notANumber' })
  })

  it('sends a non-numeric id to page 1 with the extra query x=x, keeping the rest [RG-41]', () => {
    const address = firstPageAddress({ kind: 'notANumber' }, new URLSearchParams('configId=SELECT_F_AFTER_PROF'))
    expect(address).toBe('/select-package-f/1?configId=SELECT_F_AFTER_PROF&x=x')
  })

  it('sends a page beyond the number of pages to page 1 [RG-42]', () => {
    expect(pageDecision('5', { '1': 101, '2': 151, '3': 201, '4': 1 }, 3)).toEqual({ kind: 'outOfRange' })
    expect(firstPageAddress({ kind: 'outOfRange' }, new URLSearchParams())).toBe('/select-package-f/1')
  })

  it('sends page 0 to page 1 [RG-42]', () => {
    expect(pageDecision('0', {})).toEqual({ kind: 'outOfRange' })
  })

  it('shows the last page [RG-42]', () => {
    expect(pageDecision('3', { '1': 101, '2': 151 }, 3)).toEqual({ kind: 'show', page: 3 })
  })

  it('decides on a high page before the configuration is known, by the stored choices alone [RG-43]', () => {
    expect(pageDecision('3', { '1': 101, '2': 151 })).toEqual({ kind: 'show', page: 3 })
  })

  it('sends page n to page 1 when an earlier page has no stored choice [RG-43]', () => {
    expect(pageDecision('2', {}, 3)).toEqual({ kind: 'missingEarlierChoice' })
    expect(pageDecision('3', { '1': 101 }, 3)).toEqual({ kind: 'missingEarlierChoice' })
    expect(firstPageAddress({ kind: 'missingEarlierChoice' }, new URLSearchParams('configId=X'))).toBe(
      '/select-package-f/1?configId=X',
    )
  })

  it('always shows page 1 [RG-43]', () => {
    expect(pageDecision('1', {}, 2)).toEqual({ kind: 'show', page: 1 })
  })

  it('stops at the first missing earlier choice, even for a huge page number [RG-43]', () => {
    expect(pageDecision('99999999999999999999', { '1': 101 })).toEqual({ kind: 'missingEarlierChoice' })
  })
})
