import { describe, expect, it } from 'vitest'
import { goodLookingResult } from './good-looking-result'
import { konkurResult, nowruzResult, psychologyResult } from './flow-results'

describe('good-looking result [RS-21…RS-23]', () => {
  it('derives BMI class, body shape and overweight from the answers', () => {
    expect(
      goodLookingResult({ bm_f1: 'FEMALE', bm_f14: 165, bm_f15: 72, bm_f16: 60, bm_f2: 'LOSE_WEIGHT', bm_f6: 'None', bm_f9: 'Office', bm_f12: ['None'] }),
    ).toEqual({
      gender: 'FEMALE',
      bmi: 26.4,
      bmiClass: 'OVERWEIGHT',
      shape: 'PEAT',
      overWeight: 12,
      goal: 'LOSE_WEIGHT',
      activity: 'None',
      lifestyle: 'Office',
      foodRestrictions: [],
    })
  })

  it('is null without the body answers', () => {
    expect(goodLookingResult({ bm_f1: 'MALE' })).toBeNull()
  })
})

describe('nowruz, psychology and konkur results', () => {
  it('nowruz: notice for gain or loss, review for diseases', () => {
    expect(nowruzResult({ nrz_11: 'BE_THIN', nrz_3: ['NOTHING'], nrz_5: ['NAFKH'], nrz_8: '_2', nrz_9: 'PARTY' })).toEqual({
      holidayPlan: 'PARTY',
      stabiliseNotice: true,
      needsDietitianReview: true,
      drinkMoreWater: true,
      moveMore: false,
    })
  })

  it('psychology: area scores with regular sleep reversed, statements and level', () => {
    const calm = Object.fromEntries(['psy_4', 'psy_5', 'psy_6', 'psy_7', 'psy_8', 'psy_9', 'psy_10', 'psy_11'].map((id) => [id, 'NEVER']))
    expect(psychologyResult({ ...calm, psy_3: 'ALWAYS', psy_16: 'NONE' })).toMatchObject({
      areas: { sleep: 0, eating: 0, mood: 0 },
      level: 'LOW',
      therapistFirst: false,
    })
    const troubled = Object.fromEntries(Object.keys(calm).map((id) => [id, 'ALWAYS']))
    expect(psychologyResult({ ...troubled, psy_3: 'NEVER', psy_12: ['BLAME_WEIGHT'], psy_16: 'BOTH' })).toMatchObject({
      areas: { sleep: 100, eating: 100, mood: 100 },
      statements: 1,
      level: 'HIGH',
      therapistFirst: true,
    })
  })

  it('konkur: meal times and advice', () => {
    expect(konkurResult({ kn_13: 'NOTHING', kn_14: '13_15', kn_15: '24_', kn_12: '4_', kn_4: '10_', kn_6: ['NOTHING'], kn_8: ['NOTHING'], kn_11: 'WALKING', kn_16: '21_24', kn_19: 'BE_THIN' })).toEqual({
      meals: { breakfast: 'NOTHING', lunch: '13_15', dinner: '24_' },
      focusTime: '21_24',
      advice: ['SKIPS_BREAKFAST', 'LATE_DINNER', 'TOO_MUCH_CAFFEINE', 'LONG_STUDY'],
      weightGoal: 'BE_THIN',
    })
  })
})
