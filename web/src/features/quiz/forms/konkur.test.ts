import { describe, expect, it } from 'vitest'
import { activePath, previousStep } from '../domain/navigation'
import { konkur, KONKUR_UNUSED_STEP } from './konkur'
import { optionValues } from './test-helpers'

const values = (id: string) => optionValues(konkur.steps, id)

describe('konkur form', () => {
  it('has 18 active steps, kn_4 followed by kn_6, kn_5 unused [QN-20]', () => {
    const path = activePath(konkur, {})
    expect(path).toHaveLength(18)
    expect(path).not.toContain(KONKUR_UNUSED_STEP)
    expect(path.slice(3, 5)).toEqual(['kn_4', 'kn_6'])
    expect(path.at(-1)).toBe('kn_19')
    expect(previousStep(konkur, 'kn_6', {})).toBe('kn_4')
  })

  it('asks in the order of spec 3 §2 [QN-21]', () => {
    expect(activePath(konkur, {}).map((id) => konkur.steps.find((f) => f.id === id)?.name)).toEqual([
      'gender', 'field', 'goalRank', 'dailyStudy', 'diseases', 'foodRestrictions', 'digestion', 'problems', 'hate',
      'sport', 'coffee', 'breakfast', 'lunch', 'dinner', 'mentalActivityTime', 'place', 'testExam', 'weightGoal',
    ])
  })

  it('has the option values of spec 3 §3', () => {
    expect(values('kn_2')).toEqual(['RIAZI', 'TAJROBI', 'ENSANI', 'HONAR', 'ZABAN'])
    expect(values('kn_3')).toEqual(['U_100', 'U_500', 'U_1000', 'U_2000', 'U_10000', 'U_50000', 'U_100000', 'NO'])
    expect(values('kn_4')).toEqual(['3_5', '5_7', '7_10', '10_'])
    expect(values('kn_6')).toEqual([
      'NOTHING', 'DIABET-1', 'DIABET-2', 'BLOOD-FAT', 'BLOOD-PRESSURE', 'FATTY-LIVER', 'ASTHMA', 'MIGREN', 'BACK-ACHE',
      'DEPRESS', 'KIDNEY', 'SKELETON', 'HEART', 'CANCER', 'OTHERS',
    ])
    expect(values('kn_7')).toEqual(['NOTHING', 'CARBS', 'VEGETARIAN', 'VEGEN', 'LACTOSE', 'GLUTEN', 'OTHERS'])
    expect(values('kn_8')).toEqual(['NOTHING', 'NAFKH', 'YOBUSAT', 'ESHAL', 'ZAKHM_MEDE', 'REFLAX_MEDE', 'DARD_MEDE'])
    const problems = values('kn_9')
    expect(problems[0]).toBe('NOTHING')
    expect(problems.filter((value) => value !== 'NOTHING' && value !== 'PERIOD_NAMONAZAM')).toHaveLength(13)
    expect(problems.at(-1)).toBe('PERIOD_NAMONAZAM')
    expect(values('kn_10')).toEqual(['NO', 'YES'])
    expect(values('kn_11')).toEqual(['NOTHING', 'WALKING', '1_2_WEEK', '3_5_WEEK'])
    expect(values('kn_12')).toEqual(['NOTHING', '1', '2_4', '4_'])
    expect(values('kn_13')).toEqual(['5_7', '7_9', '9_11', 'NOTHING'])
    expect(values('kn_14')).toEqual(['11_13', '13_15', '15_17', '17_19', 'NOTHING'])
    expect(values('kn_15')).toEqual(['19_21', '21_23', '23_24', '24_', 'NOTHING'])
    expect(values('kn_16')).toEqual(['5_9', '9_13', '13_17', '17_21', '21_24', '24_'])
    expect(values('kn_17')).toEqual(['SCHOOL', 'HOME', 'LIBRARY'])
    expect(values('kn_18')).toEqual(['YES', 'NO'])
    expect(values('kn_19')).toEqual(['NOT_CARE', 'BE_FAT', 'BE_THIN'])
  })

  it('marks NOTHING exclusive in the disease list [QN-30]', () => {
    const disease = konkur.steps.find((f) => f.id === 'kn_6')?.questions[0]
    expect(disease?.options?.filter((option) => option.xor).map((option) => option.value)).toEqual(['NOTHING'])
  })
})
