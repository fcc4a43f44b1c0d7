import { describe, expect, it } from 'vitest'
import { displayState, offersNewDiet, questionsPath } from './display-state'

describe('active-diet display states [DS-15…DS-21]', () => {
  it.each([
    ['ANSWERING_QUESTIONS', undefined, 'answering'],
    ['SIB_DIET_ERROR', undefined, 'answering'],
    ['TRANSACTION_WATING', undefined, 'awaitingPayment'],
    ['TRANSACTION_VERIFCATION_WATING', undefined, 'awaitingConfirmation'],
    ['TRANSACTION_UNVERIFIED', undefined, 'paymentNotConfirmed'],
    ['ISSUING', undefined, 'issuing'],
    ['ACTIVE', 12, 'active'],
    ['ACTIVE', undefined, 'active'],
    ['CLOSE_TO_EXPIRE', 2, 'active'],
    ['MID_TERM_EXPIRED', 0, 'expired'],
    ['EXPIRED', 0, 'expired'],
    ['EXPIRED', -3, 'expired'],
  ] as const)('%s with %s days left shows %s', (status, days, expected) => {
    expect(displayState(status, days)).toBe(expected)
  })

  it('shows "payment not confirmed" for an unpaid order whose payment was requested without a payment type [DS-18]', () => {
    expect(displayState('TRANSACTION_WATING', undefined, { hasRequestedPaymentBefore: true })).toBe('paymentNotConfirmed')
    expect(displayState('TRANSACTION_WATING', undefined, { hasRequestedPaymentBefore: false })).toBe('awaitingPayment')
    expect(displayState('TRANSACTION_WATING', undefined, {})).toBe('awaitingPayment')
    expect(displayState('TRANSACTION_VERIFCATION_WATING', undefined, { hasRequestedPaymentBefore: true })).toBe(
      'awaitingConfirmation',
    )
    expect(displayState('ACTIVE', 5, { hasRequestedPaymentBefore: true, paymentType: 'VANDAR' })).toBe('active')
  })

  it('offers a new diet only when expired or close to expiry [DS-23]', () => {
    const statuses = ['EXPIRED', 'CLOSE_TO_EXPIRE', 'ACTIVE', 'ISSUING']
    expect(statuses.map((status) => offersNewDiet({ status }))).toEqual([true, true, false, false])
  })

  it('offers a new diet only when no diet was issued or the package cannot be extended [DS-22]', () => {
    const closing = { status: 'CLOSE_TO_EXPIRE', dietNumber: 'D-1' }
    expect(offersNewDiet({ ...closing, canExtend: true })).toBe(false)
    expect(offersNewDiet({ ...closing, canExtend: false })).toBe(true)
    expect(offersNewDiet(closing)).toBe(true)
  })

  it('starts the questions at f1, or at f10 once the form was saved', () => {
    expect(questionsPath('ANSWERING_QUESTIONS')).toBe('/form/f1')
    expect(questionsPath('SIB_DIET_ERROR')).toBe('/form/f10')
  })
})
