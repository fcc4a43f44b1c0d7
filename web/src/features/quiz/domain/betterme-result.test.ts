import { describe, expect, it } from 'vitest'
import { durationWording, goalWeightCurve, goalWeightEstimate, similarPeople, suitableDiet } from './betterme-result'

/** A 4P answer set (RS-10's example); each row changes one answer. */
const fourP = { bm2_1: 'FEMALE', bm2_2: 'REDUCE', bm2_3: '19_40', bm2_12: 80, bm2_13: 70, bm2_14: 'FAST' }

describe('suitable diet [RS-01…RS-10]', () => {
  it('stays 4P when no condition holds [RS-01, RS-10]', () => {
    expect(suitableDiet(fourP)).toEqual({ diet: '4P', reasons: [] })
  })

  it.each([
    ['RS-02', { bm2_2: 'GAINWEIGHT' }],
    ['RS-03', { bm2_3: 'UNDER18' }],
    ['RS-04', { bm2_3: 'OVER65' }],
    ['RS-05', { bm2_4: ['DIABET', 'KIDNEY'] }],
    ['RS-06', { bm2_7: ['PREGNANCY'] }],
    ['RS-07', { bm2_8: ['NAFKH'] }],
    ['RS-08', { bm2_12: 60, bm2_13: 65 }],
    ['RS-09', { bm2_14: 'SLOW' }],
  ])('%s gives MEZO', (rule, change) => {
    expect(suitableDiet({ ...fourP, ...change })).toEqual({ diet: 'MEZO', reasons: [rule] })
  })

  it.each(['CRATENINE', 'URICACID', 'GALLSTONES', 'KIDNEY', 'MS', 'CANCER'])('disease %s gives MEZO [RS-05]', (disease) => {
    expect(suitableDiet({ ...fourP, bm2_4: [disease] }).diet).toBe('MEZO')
  })

  it.each(['NAFKH', 'ESHAL', 'YOBUSAT', 'ZAKHM_MEDE', 'REFLAX_MEDE', 'DARD_MEDE'])('digestion %s gives MEZO [RS-07]', (problem) => {
    expect(suitableDiet({ ...fourP, bm2_8: [problem] }).diet).toBe('MEZO')
  })

  it.each([
    ['BREAST_FEEDING alone', { bm2_7: ['BREAST_FEEDING'] }],
    ['other diseases', { bm2_4: ['DIABET', 'MIGREN', 'HEART'] }],
    ['equal weights', { bm2_12: 70, bm2_13: 70 }],
    ['age 41_65', { bm2_3: '41_65' }],
  ])('%s keeps 4P [RS-06, RS-08]', (_, change) => {
    expect(suitableDiet({ ...fourP, ...change }).diet).toBe('4P')
  })

  it('property: MEZO exactly when a listed condition holds, over every combination of the simple answers', () => {
    for (const goal of ['REDUCE', 'FITNESS', 'ESLAH', 'ARAMESH', 'GAINWEIGHT'])
      for (const age of ['UNDER18', '19_40', '41_65', 'OVER65'])
        for (const pace of ['FAST', 'SLOW'])
          for (const [current, target] of [[80, 70], [60, 65], [70, 70]] as const) {
            const expected =
              goal === 'GAINWEIGHT' || age === 'UNDER18' || age === 'OVER65' || pace === 'SLOW' || current < target
            const diet = suitableDiet({ bm2_2: goal, bm2_3: age, bm2_14: pace, bm2_12: current, bm2_13: target }).diet
            expect(diet).toBe(expected ? 'MEZO' : '4P')
          }
  })
})

describe('goal-weight estimate [RS-11…RS-13]', () => {
  it('80 to 70 kg is 100 days, 3 months 10 days [RS-11]', () => {
    expect(goalWeightEstimate(80, 70)).toMatchObject({ difference: 10, days: 100, months: 3, remainingDays: 10 })
  })

  it.each([
    [11.9, 'NORMAL'],
    [12, 'FAT'],
    [23.9, 'FAT'],
    [24, 'OBESE'],
    [0, 'NORMAL'],
  ] as const)('%s kg of difference is %s [RS-12]', (difference, state) => {
    expect(goalWeightEstimate(100, 100 - difference).state).toBe(state)
  })

  it('7 kg gives 20 to 46 days for 4P [RS-13]', () => {
    expect(goalWeightEstimate(77, 70).fourPDays).toEqual({ min: 20, max: 46 })
  })

  it('property: days = 10 per kg, months × 30 + days back, range floor(d ÷ 0.35) … floor(d ÷ 0.15), over 15…249.9 kg', () => {
    for (let current = 15; current < 250; current += 7.3) {
      for (let goal = 15; goal < 250; goal += 11.1) {
        const c = Math.round(current * 10) / 10
        const g = Math.round(goal * 10) / 10
        const estimate = goalWeightEstimate(c, g)
        const tenths = Math.round(Math.abs(c - g) * 10)
        expect(estimate.days).toBe(tenths)
        expect(estimate.months * 30 + estimate.remainingDays).toBe(estimate.days)
        expect(estimate.remainingDays).toBeLessThan(30)
        expect(estimate.state).toBe(estimate.months >= 8 ? 'OBESE' : estimate.months >= 4 ? 'FAT' : 'NORMAL')
        expect(estimate.fourPDays.min).toBe(Math.floor((tenths * 100) / 350))
        expect(estimate.fourPDays.max).toBe(Math.floor((tenths * 100) / 150))
        expect(estimate.fourPDays.min).toBeLessThanOrEqual(estimate.fourPDays.max)
      }
    }
  })

  it('draws the curve from the current to the goal weight, one point a month', () => {
    expect(goalWeightCurve(80, 70)).toEqual([
      { day: 0, weight: 80 },
      { day: 30, weight: 77 },
      { day: 60, weight: 74 },
      { day: 90, weight: 71 },
      { day: 100, weight: 70 },
    ])
  })
})

describe('duration wording [RS-11]', () => {
  it('names no zero part: 120 days are 4 months, 10 days only days, 100 days both', () => {
    expect(durationWording(goalWeightEstimate(82, 70))).toBe('months')
    expect(durationWording(goalWeightEstimate(71, 70))).toBe('days')
    expect(durationWording(goalWeightEstimate(80, 70))).toBe('monthsAndDays')
  })
})

describe('similar people [RS-14…RS-17]', () => {
  it.each([
    ['UNDER18', 109_743, 'RS-14'],
    ['19_40', 133_701, 'RS-15'],
    ['41_65', 104_552, 'RS-16'],
    ['OVER65', 101_478, 'RS-17'],
    [null, 101_478, 'RS-17'],
  ] as [string | null, number, string][])('%s counts %s [%s]', (age, count) => {
    expect(similarPeople(age)).toBe(count)
  })
})
