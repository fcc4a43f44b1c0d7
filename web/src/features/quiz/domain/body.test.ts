import { describe, expect, it } from 'vitest'
import { bmi, bmiClass, bodyShape, perfectBodyRegistration, perfectBodyYear } from './body'

describe('BMI classes [RS-23]', () => {
  it.each([
    [18.49, 'UNDERWEIGHT'],
    [18.5, 'NORMAL'],
    [24.99, 'NORMAL'],
    [25, 'OVERWEIGHT'],
    [29.99, 'OVERWEIGHT'],
    [30, 'OBESE'],
    [39.99, 'OBESE'],
    [40, 'EXTREMELYOBESE'],
  ] as const)('BMI %s is %s', (value, expected) => {
    expect(bmiClass(value)).toBe(expected)
  })

  it('property: classes rise with the BMI', () => {
    const order = ['UNDERWEIGHT', 'NORMAL', 'OVERWEIGHT', 'OBESE', 'EXTREMELYOBESE']
    let previous = 0
    for (let value = 10; value < 60; value += 0.07) {
      const rank = order.indexOf(bmiClass(value))
      expect(rank).toBeGreaterThanOrEqual(previous)
      previous = rank
    }
  })

  it('computes BMI from kg and cm', () => {
    expect(bmi(81, 180)).toBeCloseTo(25, 5)
  })
})

describe('body shapes [RS-22]', () => {
  it.each([
    ['FEMALE', 18.4, 'RECTANGLE'],
    ['FEMALE', 18.5, 'HOURGLASS'],
    ['FEMALE', 25, 'PEAT'],
    ['FEMALE', 30, 'ROUND'],
    ['MALE', 19.9, 'ECTOMORPH'],
    ['MALE', 20, 'MESOMORPH'],
    ['MALE', 27, 'ENDOMORPH'],
  ] as const)('%s with BMI %s is %s', (gender, value, shape) => {
    expect(bodyShape(gender, value)).toBe(shape)
  })
})

describe('perfect-body year [RS-25…RS-28]', () => {
  it.each([
    ['20Year', 1379],
    ['30Year', 1366],
    ['40Year', 1356],
    ['50Year', 1346],
  ] as const)('%s is sent as %s', (range, year) => {
    expect(perfectBodyYear(range)).toBe(year)
    expect(perfectBodyRegistration({ gender: 'FEMALE', ageRange: range, weight: 70, height: 165 })).toEqual({
      gender: 'FEMALE',
      day: 1,
      month: 1,
      year,
      weight: 70,
      height: 165,
    })
  })
})
