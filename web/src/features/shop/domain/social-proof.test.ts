import { describe, expect, it } from 'vitest'
import { TOAST_SHOWN_MS, toastDelayMs, toastEntryIndex } from './social-proof'

describe('social-proof timing [PM-21]', () => {
  it('waits 1 to 6 s before the toast appears', () => {
    expect(toastDelayMs(0)).toBe(1000)
    expect(toastDelayMs(0.5)).toBe(3500)
    expect(toastDelayMs(0.9999)).toBeLessThanOrEqual(6000)
  })

  it('shows the toast 3 s', () => {
    expect(TOAST_SHOWN_MS).toBe(3000)
  })

  it('goes through the entries and starts again', () => {
    expect(toastEntryIndex(99, 100)).toBe(99)
    expect(toastEntryIndex(100, 100)).toBe(0)
  })
})
