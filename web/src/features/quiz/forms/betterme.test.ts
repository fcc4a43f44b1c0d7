import { describe, expect, it } from 'vitest'
import { activePath, previousStep } from '../domain/navigation'
import { RESULT } from '../types'
import { betterme, BETTERME_NEXT } from './betterme'
import { optionValues, questionIds } from './test-helpers'

const values = (id: string) => optionValues(betterme.steps, id)

describe('betterme form', () => {
  it('defines bm2_1 … bm2_15, step n asking bm2_n [QN-66]', () => {
    expect(betterme.steps.map((form) => form.id)).toEqual(Array.from({ length: 15 }, (_, i) => String(i + 1)))
    expect(questionIds(betterme)).toEqual(Array.from({ length: 15 }, (_, i) => `bm2_${i + 1}`))
    expect(betterme.formType).toBe('betterme2')
    expect(betterme.formId).toBe('1')
  })

  it('has the option values of spec 3 §3', () => {
    expect(values('bm2_1')).toEqual(['FEMALE', 'MALE'])
    expect(values('bm2_2')).toEqual(['REDUCE', 'FITNESS', 'ESLAH', 'ARAMESH'])
    expect(values('bm2_3')).toEqual(['UNDER18', '19_40', '41_65', 'OVER65'])
    expect(values('bm2_4')).toEqual([
      'NOTHING', 'DIABET', 'CRATENINE', 'BLOOD-FAT', 'BLOOD-PRESSURE', 'FATTY-LIVER', 'URICACID', 'MIGREN',
      'GALLSTONES', 'DEPRESS', 'KIDNEY', 'MS', 'HEART', 'CANCER', 'OTHERS',
    ])
    expect(values('bm2_5')).toEqual(['NOTHING', 'CARBS', 'VEGETARIAN', 'VEGEN', 'LACTOSE', 'GLUTEN', 'OTHERS'])
    expect(values('bm2_6')).toEqual([
      'KESELI', 'KHAB_SOBH', 'KHAB_ZOHR', 'PORKHORI_ASABI', 'STRESS', 'OFT_GHAND', 'EKHTELAL_KHAB', 'KHOSHKI_DAHAN',
      'TAKAROR_EDRAR', 'RIZESH_MOO', 'MOSHKEL_POOSTI', 'PERIOD_NAMONAZAM', 'NOTHING',
    ])
    expect(values('bm2_7')).toEqual(['RECOVERY', 'DRUG', 'STUDY', 'MEDITATION', 'PREGNANCY', 'BREAST_FEEDING', 'NOTHING'])
    expect(values('bm2_8')).toEqual(['NOTHING', 'NAFKH', 'YOBUSAT', 'ESHAL', 'ZAKHM_MEDE', 'REFLAX_MEDE', 'DARD_MEDE'])
    expect(values('bm2_9')).toEqual(['NOTHING', 'WALKING', '1_2_WEEK', '3_5_WEEK', 'PROFESSIONAL'])
    expect(values('bm2_10')).toEqual(['_2', '2_5', '5_'])
    expect(values('bm2_11')).toEqual(['HOME_MOSTLY', 'WORK_MOSTLY', '2_4_OUT_HOME', 'NOT_NIGHT_HOME', 'NOT_PLANNED'])
    expect(values('bm2_14')).toEqual(['FAST', 'SLOW'])
    expect(values('bm2_15')).toEqual(['YES', 'NO'])
  })

  it('defaults the gender to FEMALE [QN-10]', () => {
    expect(betterme.steps[0]?.questions[0]?.defaultValue).toBe('FEMALE')
  })

  it('offers PERIOD_NAMONAZAM, PREGNANCY and BREAST_FEEDING to a female only [QN-11, QN-12]', () => {
    const femaleOnly = betterme.steps
      .flatMap((form) => form.questions)
      .flatMap((question) => (question.options ?? []).filter((option) => option.showIf))
    expect(femaleOnly.map((option) => [option.value, option.showIf])).toEqual([
      ['PERIOD_NAMONAZAM', { question: 'bm2_1', anyOf: ['FEMALE'] }],
      ['PREGNANCY', { question: 'bm2_1', anyOf: ['FEMALE'] }],
      ['BREAST_FEEDING', { question: 'bm2_1', anyOf: ['FEMALE'] }],
    ])
  })

  it('follows the next-step map of spec 3 §2 [QN-03…QN-07]', () => {
    expect(BETTERME_NEXT).toEqual({
      '1': '2', '2': '3', '3': '6', '4': '6', '6': '7', '7': '9', '8': '9', '9': '10', '10': '11', '11': '12',
      '12': '13', '13': '14', '14': RESULT, '15': RESULT,
    })
    expect(activePath(betterme, {})).toEqual(['1', '2', '3', '6', '7', '9', '10', '11', '12', '13', '14'])
  })

  it('goes back by the reverse of the map: 6 to 3, 9 to 7, none from 1 [QN-02]', () => {
    expect(previousStep(betterme, '6', {})).toBe('3')
    expect(previousStep(betterme, '9', {})).toBe('7')
    expect(previousStep(betterme, '2', {})).toBe('1')
    expect(previousStep(betterme, '1', {})).toBeUndefined()
    expect(previousStep(betterme, '15', {})).toBeUndefined()
  })

  it('submits the weight steps with their button and choice steps on answer [QN-35]', () => {
    const byId = Object.fromEntries(betterme.steps.map((form) => [form.id, form.submitOnUserAnswer]))
    expect(byId['12']).toBe(false)
    expect(byId['13']).toBe(false)
    expect(byId['1']).toBe(true)
    expect(byId['14']).toBe(true)
    expect(byId['6']).toBe(false)
  })
})
