import { describe, expect, it } from 'vitest'
import { finishedDiet, runningDiet } from '@/testing/diet-handlers'
import { listedDiets } from './all-diets'

describe('listedDiets', () => {
  it('puts the most recent referral first [DS-24]', () => {
    const ids = listedDiets([finishedDiet, runningDiet], 'EXPIRED').map((d) => d.referTimes)
    expect(ids).toEqual([2, 1])
  })

  it('keeps only inactive diets unless the package is EXPIRED [DS-25]', () => {
    expect(listedDiets([runningDiet, finishedDiet], 'ACTIVE')).toEqual([finishedDiet])
    expect(listedDiets([runningDiet, finishedDiet], 'MID_TERM_EXPIRED')).toEqual([finishedDiet])
    expect(listedDiets([runningDiet, finishedDiet], 'EXPIRED')).toEqual([runningDiet, finishedDiet])
  })
})
