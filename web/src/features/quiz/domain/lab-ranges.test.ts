import { describe, expect, it } from 'vitest'
import { readLabValue } from './lab-ranges'

describe('laboratory readings', () => {
  it.each([
    [149_999, 'outOfRange'],
    [150_000, 'normal'],
    [400_000, 'normal'],
    [400_001, 'outOfRange'],
  ] as const)('platelet %d is %s [CT-16]', (value, reading) => {
    expect(readLabValue('platelet', value)).toBe(reading)
  })

  it.each([
    ['triglyceride', 194.9, 'normal'],
    ['triglyceride', 195, 'borderline'],
    ['triglyceride', 205, 'borderline'],
    ['triglyceride', 205.1, 'outOfRange'],
    ['cholesterol', 194.9, 'normal'],
    ['cholesterol', 195, 'borderline'],
    ['cholesterol', 230, 'borderline'],
    ['cholesterol', 230.1, 'outOfRange'],
    ['uricAcid', 6.4, 'normal'],
    ['uricAcid', 6.5, 'borderline'],
    ['uricAcid', 7.1, 'borderline'],
    ['uricAcid', 7.2, 'outOfRange'],
    ['glucose', 99.9, 'normal'],
    ['glucose', 100, 'borderline'],
    ['glucose', 115, 'borderline'],
    ['glucose', 115.1, 'outOfRange'],
  ] as const)('%s %d is %s [CT-17]', (test, value, reading) => {
    expect(readLabValue(test, value)).toBe(reading)
  })

  it('reads nothing from a value that is not a number', () => {
    expect(readLabValue('glucose', Number.NaN)).toBeNull()
  })
})
