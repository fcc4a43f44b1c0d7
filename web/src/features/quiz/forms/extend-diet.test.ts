import { describe, expect, it } from 'vitest'
import { extendDietForm } from './extend-diet'
import { optionValues } from './test-helpers'

describe('extend-diet form f1', () => {
  it('has the size and weight toggles and the mobile field [QN-52…QN-54]', () => {
    expect(extendDietForm.id).toBe('f1')
    expect(extendDietForm.questions.map((q) => [q.id, q.answerUIComponent.type])).toEqual([
      ['size', 'toggle'],
      ['weight', 'toggle'],
      ['mobile', 'mobile'],
    ])
    expect(optionValues([extendDietForm], 'size')).toEqual(['size_loss', 'size_not_changed'])
    expect(optionValues([extendDietForm], 'weight')).toEqual(['weight_loss', 'weight_not_changed'])
    expect(extendDietForm.submitOnUserAnswer).toBe(false)
  })
})
