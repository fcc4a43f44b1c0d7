import { describe, expect, it } from 'vitest'
import { activePath } from '../domain/navigation'
import { psychology } from './psychology'
import { optionValues, questionIds } from './test-helpers'

const values = (id: string) => optionValues(psychology.steps, id)
const FREQUENCY = ['ALWAYS', 'OFTEN', 'SOMETIMES', 'RARELY', 'NEVER']

describe('psychology form', () => {
  it('runs linearly 1 to 22 with psy_ ids [QN-19]', () => {
    expect(activePath(psychology, {})).toEqual(Array.from({ length: 22 }, (_, i) => String(i + 1)))
    expect(questionIds(psychology)).toEqual(Array.from({ length: 22 }, (_, i) => `psy_${i + 1}`))
    expect(psychology.preparePath).toBe('/prepare-psychology-result')
  })

  it('has the option values of spec 3 §3', () => {
    expect(values('psy_1')).toEqual(['FEMALE', 'MALE'])
    expect(values('psy_2')).toEqual(['UNDER_20', '20_30', '30_40', '40_50', 'UP_50'])
    for (let step = 3; step <= 11; step += 1) expect(values(`psy_${step}`)).toEqual(FREQUENCY)
    for (let step = 12; step <= 15; step += 1) expect(values(`psy_${step}`)).toContain('NONE')
    expect(values('psy_16')).toEqual(['NONE', 'DOMESTIC_VIOLENCE', 'PARENT_INSATISFACTION', 'BOTH'])
    const history = ['NOTHING', 'ANEMIA', 'HYPOTHYROIDISM', 'HYPERTHYROIDISM', 'DIABET', 'PSYCHIATRIC', 'WEAKNESS_SYSTEM', 'LIVER', 'HORMONAL']
    expect(values('psy_17')).toEqual(history)
    expect(values('psy_18')).toEqual(history)
    expect(values('psy_19')).toEqual(['YES_GOOD', 'YES_LACK_EXPERTISE', 'YES_NOT_FOLLOW_UP', 'NO'])
  })
})
