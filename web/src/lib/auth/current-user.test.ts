import { describe, expect, it } from 'vitest'
import { isForeignMobile } from './current-user'

describe('isForeignMobile', () => {
  it.each([
    ['+905321234567', true],
    [' +905321234567', true],
    ['09121234567', false],
    ['9121234567', false],
    ['', false],
    [null, false],
  ])('%j is foreign: %s [RG-45]', (mobile, expected) => {
    expect(isForeignMobile(mobile)).toBe(expected)
  })
})
