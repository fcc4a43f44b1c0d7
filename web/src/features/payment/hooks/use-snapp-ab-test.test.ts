import { afterEach, describe, expect, it } from 'vitest'
import { SNAPP_TEST_KEY, snappTestValue } from './use-snapp-ab-test'

describe('Snapp A/B half [PM-53]', () => {
  afterEach(() => window.sessionStorage.clear())

  it('draws the half at random: below one half is the test half, from one half on the other', () => {
    expect(snappTestValue(() => 0.49)).toBe(true)
    window.sessionStorage.clear()
    expect(snappTestValue(() => 0.5)).toBe(false)
  })

  it('keeps the drawn half in session storage and draws no more in this session', () => {
    expect(snappTestValue(() => 0.1)).toBe(true)
    expect(window.sessionStorage.getItem(SNAPP_TEST_KEY)).toBe('true')
    expect(snappTestValue(() => 0.9)).toBe(true)
  })
})
