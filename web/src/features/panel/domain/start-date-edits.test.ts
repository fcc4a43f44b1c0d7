import { beforeEach, describe, expect, it } from 'vitest'
import { countStartDateEdit, resetStartDateEdits, START_DATE_EDITS_KEY, startDateEdits } from './start-date-edits'

describe('start-date edit counter [DS-27]', () => {
  beforeEach(() => localStorage.clear())

  it('increments per edit of the same diet', () => {
    expect(startDateEdits(7)).toBe(0)
    expect(countStartDateEdit(7)).toBe(1)
    expect(countStartDateEdit(7)).toBe(2)
    expect(startDateEdits(7)).toBe(2)
  })

  it('starts again for a new diet and resets to the moves the server recorded', () => {
    countStartDateEdit(7)
    expect(startDateEdits(8)).toBe(0)
    expect(countStartDateEdit(8)).toBe(1)
    expect(countStartDateEdit(8)).toBe(2)
    expect(resetStartDateEdits(8, 1)).toBe(1)
    expect(startDateEdits(8)).toBe(1)
    expect(countStartDateEdit(8)).toBe(2)
    expect(resetStartDateEdits(9, 0)).toBe(0)
    expect(startDateEdits(8)).toBe(0)
  })

  it('reads a damaged value as no edits', () => {
    localStorage.setItem(START_DATE_EDITS_KEY, '{oops')
    expect(startDateEdits(7)).toBe(0)
  })
})
