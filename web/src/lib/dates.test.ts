import { describe, expect, it } from 'vitest'
import { tehranDay } from './dates'

describe('tehranDay', () => {
  it('turns the day at midnight in Tehran, 20:30 UTC', () => {
    const midnight = Date.UTC(2026, 10, 20, 20, 30)
    expect(tehranDay(midnight - 1)).toBe('2026-11-20')
    expect(tehranDay(midnight)).toBe('2026-11-21')
  })
})
