import { describe, expect, it } from 'vitest'
import { fractionOf, RULER_DEFAULTS, rulerScale, snap, stepBy, valueAfterKey, valueAt } from './ruler-scale'

const height = rulerScale({ min: 90, max: 249, subUnits: 10 })

describe('ruler scale [QN-37]', () => {
  it('defaults to 100 to 200 with ten sub-units', () => {
    expect(rulerScale()).toEqual(RULER_DEFAULTS)
    expect(RULER_DEFAULTS).toEqual({ min: 100, max: 200, subUnits: 10 })
  })

  it('keeps a value inside the range, on a sub-unit mark', () => {
    expect(snap(172.34, height)).toBe(172.3)
    expect(snap(80, height)).toBe(90)
    expect(snap(300, height)).toBe(249)
  })

  it('puts the thumb where the value is, and a tap where the thumb would be gives that value back', () => {
    expect(fractionOf(90, height)).toBe(0)
    expect(fractionOf(249, height)).toBe(1)
    expect(fractionOf(169.5, height)).toBeCloseTo(0.5)
    for (const value of [90, 120.5, 170, 201.3, 249]) expect(valueAt(fractionOf(value, height), height)).toBe(value)
  })

  it('reads a tap or a drag anywhere on the scale, ends included', () => {
    expect(valueAt(0, height)).toBe(90)
    expect(valueAt(1, height)).toBe(249)
    expect(valueAt(0.5, height)).toBe(169.5)
  })

  it('+/− count from the middle while there is no value, then from the value, never leaving the range', () => {
    expect(stepBy(null, 1, height)).toBe(171)
    expect(stepBy(172.3, -1, height)).toBe(171.3)
    expect(stepBy(249, 1, height)).toBe(249)
  })

  it('arrows step a unit, left and right in the writing direction; pages ten; Home and End the ends', () => {
    expect(valueAfterKey('ArrowUp', 170, height, 'rtl')).toBe(171)
    expect(valueAfterKey('ArrowLeft', 170, height, 'rtl')).toBe(171)
    expect(valueAfterKey('ArrowLeft', 170, height, 'ltr')).toBe(169)
    expect(valueAfterKey('ArrowRight', 170, height, 'ltr')).toBe(171)
    expect(valueAfterKey('PageDown', 170, height, 'rtl')).toBe(160)
    expect(valueAfterKey('Home', null, height, 'rtl')).toBe(90)
    expect(valueAfterKey('End', null, height, 'rtl')).toBe(249)
    expect(valueAfterKey('Enter', 170, height, 'rtl')).toBeNull()
  })
})
