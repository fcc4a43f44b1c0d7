import { describe, expect, it } from 'vitest'
import { activePath } from '../domain/navigation'
import { nowruz } from './nowruz'
import { optionValues, questionIds } from './test-helpers'

describe('nowruz form', () => {
  it('runs linearly 1 to 11 with nrz_ ids, then /prepare-nowruz-result [QN-17]', () => {
    expect(activePath(nowruz, {})).toEqual(Array.from({ length: 11 }, (_, i) => String(i + 1)))
    expect(questionIds(nowruz)).toEqual(Array.from({ length: 11 }, (_, i) => `nrz_${i + 1}`))
    expect(nowruz.preparePath).toBe('/prepare-nowruz-result')
    expect(nowruz.storedGenderKey).toBe('nrz_gender')
  })

  it('has the option values of spec 3 §3 and the stabilising notice [QN-18]', () => {
    expect(optionValues(nowruz.steps, 'nrz_2')).toEqual(['15_30', '30_40', '40_50', '50_65'])
    expect(optionValues(nowruz.steps, 'nrz_3')).toEqual(expect.arrayContaining(['DIABET-1', 'DIABET-2', 'ASTHMA', 'BACK-ACHE', 'SKELETON']))
    expect(optionValues(nowruz.steps, 'nrz_9')).toEqual(['HOME', 'TRAVEL', 'PARTY', 'MIX'])
    expect(optionValues(nowruz.steps, 'nrz_11')).toEqual(['NOT_CARE', 'BE_FAT', 'BE_THIN'])
    const goal = nowruz.steps.at(-1)?.questions[0]
    expect(goal?.warningDesc?.fa).toContain('ثابت')
  })
})
