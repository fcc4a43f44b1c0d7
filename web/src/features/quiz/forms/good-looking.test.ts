import { describe, expect, it } from 'vitest'
import { activePath, previousStep } from '../domain/navigation'
import { goodLooking } from './good-looking'
import { optionValues } from './test-helpers'

const values = (id: string) => optionValues(goodLooking.steps, id)

describe('good-looking form', () => {
  it('has 17 steps bm_f1 … bm_f17 [QN-13]', () => {
    expect(goodLooking.steps.map((form) => form.id)).toEqual(Array.from({ length: 17 }, (_, i) => `bm_f${i + 1}`))
  })

  it('asks the questions in the order of spec 3 §2 [QN-14]', () => {
    const names = activePath(goodLooking, { bm_f1: 'FEMALE' }).map((id) => goodLooking.steps.find((f) => f.id === id)?.name)
    expect(names).toEqual([
      'gender', 'goal', 'ageRange', 'foodType', 'selfDeclaration', 'activity', 'workingTime', 'typicalDay', 'sleep',
      'water', 'foodRestriction', 'motivation', 'height', 'weight', 'idealWeight', 'lastDiet',
    ])
  })

  it('asks working time on bm_f7 for a female and bm_f8 for a male, Housewife for women only [QN-15, QN-16]', () => {
    expect(activePath(goodLooking, { bm_f1: 'FEMALE' })).toContain('bm_f7')
    expect(activePath(goodLooking, { bm_f1: 'FEMALE' })).not.toContain('bm_f8')
    expect(activePath(goodLooking, { bm_f1: 'MALE' })).toContain('bm_f8')
    expect(activePath(goodLooking, { bm_f1: 'MALE' })).not.toContain('bm_f7')
    expect(values('bm_f7')).toEqual(['Office_Time', 'Night_Shift', 'Flexible_Time', 'Housewife'])
    expect(values('bm_f8')).toEqual(['Office_Time', 'Night_Shift', 'Flexible_Time'])
    expect(previousStep(goodLooking, 'bm_f9', { bm_f1: 'MALE' })).toBe('bm_f8')
    expect(previousStep(goodLooking, 'bm_f9', { bm_f1: 'FEMALE' })).toBe('bm_f7')
  })

  it('has the option values of spec 3 §3', () => {
    expect(values('bm_f1')).toEqual(['FEMALE', 'MALE'])
    expect(values('bm_f2')).toEqual(['LOSE_WEIGHT', 'PUMPED', 'HEALTHY_HABITS'])
    expect(values('bm_f3')).toEqual(['20Year', '30Year', '40Year', '50Year'])
    expect(values('bm_f4')).toEqual(['Homemade_Food', 'Restaurant_Food', 'Both'])
    expect(values('bm_f5')).toEqual(['High_Metabolism', 'Normal_Metabolism', 'Low_Metabolism'])
    expect(values('bm_f6')).toEqual(['Three_Time', 'One_Time', 'Starting', 'None'])
    expect(values('bm_f9')).toEqual(['Office', 'Activity', 'Physical', 'House'])
    expect(values('bm_f10')).toEqual(['5Hour', '6Hour', '7Hour', '8Hour'])
    expect(values('bm_f11')).toEqual(['Tea', '2Glasses', '6Glasses', 'UpTo_6Glasses'])
    expect(values('bm_f12')).toEqual(['None', 'Carbohydrate', 'Protein', 'Dairy', 'Lactose', 'Gluten'])
    expect(values('bm_f13')).toEqual(['Why_LIMOO', 'Effort', 'Determined'])
    expect(values('bm_f17')).toEqual(['1Year', '2Year', '3Year', 'None'])
  })

  it('ranges: height 90 to 249.99, weights 15 to 249.99 [QN-27, QN-28]', () => {
    const range = (id: string) => goodLooking.steps.flatMap((f) => f.questions).find((q) => q.id === id)?.rules.find((r) => r.type === 'range')
    expect(range('bm_f14')).toMatchObject({ args: { min: 90, max: 249.99 } })
    expect(range('bm_f15')).toMatchObject({ args: { min: 15, max: 249.99 } })
    expect(range('bm_f16')).toMatchObject({ args: { min: 15, max: 249.99 } })
  })

  it('resets the answer set on gender and ends at /prepare-result [QN-13, QN-45]', () => {
    expect(goodLooking.genderResetsAnswers).toBe(true)
    expect(goodLooking.preparePath).toBe('/prepare-result')
  })
})
