import { describe, expect, it } from 'vitest'
import { dietRequestForms } from '../forms'
import { medicalProfile } from './medical-profile'

describe('medicalProfile', () => {
  it('groups the stored answers by the profile groups and adds the fixed location [QN-65]', () => {
    const answers = {
      gender: 'FEMALE',
      age: 34,
      weight: 72,
      stature: 165,
      thyroid: 'HYPO',
      discomforts: ['FATIGUE', 'DIZZINESS'],
      medicationNames: null,
      pregnant: 'NO',
      marital: 'SINGLE',
      city: 'تبریز',
      notAQuestion: 'x',
    }
    expect(medicalProfile(dietRequestForms, answers, 'c0ffee00-0000-4000-8000-000000000001')).toEqual({
      conversationId: 'c0ffee00-0000-4000-8000-000000000001',
      general: { gender: 'FEMALE', age: 34, marital: 'SINGLE', city: 'تبریز' },
      body: { weight: 72, stature: 165 },
      special: { thyroid: 'HYPO', discomforts: ['FATIGUE', 'DIZZINESS'], pregnant: 'NO' },
      countryCode: 'TR',
      state: 2170,
      city: 107851,
    })
  })

  it('sends the fixed location even with no answers [QN-65]', () => {
    expect(medicalProfile(dietRequestForms, {}, 'id')).toMatchObject({ countryCode: 'TR', state: 2170, city: 107851 })
  })
})
