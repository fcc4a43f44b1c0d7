import { describe, expect, it } from 'vitest'
import { betterme } from '../forms/betterme'
import { answersBody } from './answers-body'

describe('answers body [QN-42]', () => {
  it('lists one-entry objects in question order, then step, then utm_campaign', () => {
    const body = answersBody(
      betterme,
      { bm2_3: { value: '19_40', questionName: 'age' }, bm2_1: { value: 'FEMALE', questionName: 'gender' } },
      { step: '3', formType: 'betterme2', utmCampaign: 'spring' },
    )
    expect(body).toEqual({
      answers: [{ bm2_1: 'FEMALE' }, { bm2_3: '19_40' }, { step: '3' }, { utm_campaign: 'spring' }],
      formId: '1',
      formType: 'betterme2',
      userId: '',
    })
  })

  it('leaves utm_campaign out when the session has none and carries a given user id', () => {
    const body = answersBody(betterme, {}, { step: '1', formType: 'betterme2', userId: '09121234567', utmCampaign: null })
    expect(body.answers).toEqual([{ step: '1' }])
    expect(body.userId).toBe('09121234567')
  })
})
