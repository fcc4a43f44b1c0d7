import { afterEach, describe, expect, it } from 'vitest'
import { betterme } from '../forms/betterme'
import { konkur } from '../forms/konkur'
import { nowruz } from '../forms/nowruz'
import type { Form } from '../types'
import {
  answerValues,
  applyStoredGender,
  beginFlow,
  formTypeOf,
  hasAnswerSet,
  markStepCompleted,
  mergeAnswers,
  readAnswers,
  readCompletedSteps,
  readFormAnswerRecord,
  resetAnswerSet,
  restartFlow,
  storeFormAnswerRecord,
} from './answer-store'
import { findStep, stepPosition } from './navigation'
import { clearHidden } from './visibility'

afterEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

const bettermeStep = (id: string) => findStep(betterme, id) as Form

function answerBetterme() {
  const answers: Record<string, Record<string, unknown>> = {
    '1': { bm2_1: 'FEMALE' }, '2': { bm2_2: 'REDUCE' }, '3': { bm2_3: '19_40' }, '6': { bm2_6: ['STRESS'] },
    '7': { bm2_7: ['NOTHING'] }, '9': { bm2_9: 'WALKING' }, '10': { bm2_10: '2_5' }, '11': { bm2_11: 'HOME_MOSTLY' },
    '12': { bm2_12: 80 }, '13': { bm2_13: 70 }, '14': { bm2_14: 'FAST' },
  }
  for (const [step, values] of Object.entries(answers)) mergeAnswers(bettermeStep(step), values as never)
}

describe('answer store [QN-39…QN-48]', () => {
  it('keeps question id → { value, questionName } under user_answers [QN-39]', () => {
    mergeAnswers(bettermeStep('2'), { bm2_2: 'REDUCE' })
    expect(JSON.parse(sessionStorage.getItem('user_answers') ?? '')).toEqual({ bm2_2: { value: 'REDUCE', questionName: 'goal' } })
  })

  it('stores the record id in session form_answer_id and local formId, its edit token beside the id [QN-41]', () => {
    storeFormAnswerRecord({ id: '17', editToken: 'edit-17' })
    expect(sessionStorage.getItem('form_answer_id')).toBe('17')
    expect(sessionStorage.getItem('form_answer_edit_token')).toBe('edit-17')
    expect(localStorage.getItem('formId')).toBe('17')
    expect(readFormAnswerRecord()).toEqual({ id: '17', editToken: 'edit-17' })
  })

  it('reads an id kept without an edit token as a record with none', () => {
    sessionStorage.setItem('form_answer_id', '5')
    expect(readFormAnswerRecord()).toEqual({ id: '5', editToken: null })
  })

  it('counts a step completed the first time only [QN-40]', () => {
    expect(markStepCompleted('betterme', '1')).toBe(true)
    expect(markStepCompleted('betterme', '1')).toBe(false)
    expect(markStepCompleted('betterme', '2')).toBe(true)
    expect(readCompletedSteps('betterme')).toEqual(['1', '2'])
    expect(readCompletedSteps('nowruz')).toEqual([])
  })

  it('resets answers, record id and edit token, referral and completed steps [QN-45]', () => {
    mergeAnswers(bettermeStep('2'), { bm2_2: 'REDUCE' })
    storeFormAnswerRecord({ id: '5', editToken: 'edit-5' })
    sessionStorage.setItem('referral', 'abc')
    markStepCompleted('betterme', '2')
    resetAnswerSet()
    expect(readAnswers()).toEqual({})
    expect(readFormAnswerRecord()).toBeNull()
    expect(sessionStorage.getItem('form_answer_edit_token')).toBeNull()
    expect(localStorage.getItem('formId')).toBeNull()
    expect(sessionStorage.getItem('referral')).toBeNull()
    expect(readCompletedSteps('betterme')).toEqual([])
  })

  it('applies a stored gender when step 2 opens [QN-46]', () => {
    mergeAnswers(bettermeStep('1'), { bm2_1: 'FEMALE' })
    localStorage.setItem('bm2_gender', 'MALE')
    applyStoredGender(betterme)
    expect(answerValues().bm2_1).toBe('MALE')
    localStorage.setItem('nrz_gender', 'nonsense')
    applyStoredGender(nowruz)
    expect(answerValues().nrz_1).toBeUndefined()
  })

  it('drops a stored choice another step no longer offers when the gender changes [QN-34]', () => {
    mergeAnswers(bettermeStep('1'), { bm2_1: 'FEMALE' }, betterme.steps)
    mergeAnswers(bettermeStep('7'), { bm2_7: ['PREGNANCY', 'STUDY'] }, betterme.steps)
    mergeAnswers(bettermeStep('1'), { bm2_1: 'MALE' }, betterme.steps)
    expect(answerValues().bm2_7).toEqual(['STUDY'])
  })

  it('knows a complete answer set; a missing answer is NO_USER_ANSWER [QN-48]', () => {
    expect(hasAnswerSet(betterme)).toBe(false)
    answerBetterme()
    expect(hasAnswerSet(betterme)).toBe(true)
    mergeAnswers(bettermeStep('12'), { bm2_12: null })
    expect(hasAnswerSet(betterme)).toBe(false)
  })

  it('restart clears the answers and opens step 1 [QN-50]', () => {
    answerBetterme()
    expect(restartFlow(betterme)).toBe('/betterme/1')
    expect(readAnswers()).toEqual({})
  })

  it('does not reuse a record id of another flow; konkur takes its form type from the session', () => {
    beginFlow(betterme)
    storeFormAnswerRecord({ id: '9', editToken: 'edit-9' })
    beginFlow(betterme)
    expect(readFormAnswerRecord()).toEqual({ id: '9', editToken: 'edit-9' })
    beginFlow(nowruz)
    expect(readFormAnswerRecord()).toBeNull()
    expect(sessionStorage.getItem('form_answer_edit_token')).toBeNull()
    expect(sessionStorage.getItem('form_type')).toBe('nowruz')
    expect(formTypeOf(konkur)).toBe('konkur')
    sessionStorage.setItem('form_type', 'konkur-1403')
    expect(formTypeOf(konkur)).toBe('konkur-1403')
  })
})

describe('hidden answers and progress', () => {
  it('clears hidden answers: lists to [], others to null; drops choices no longer offered [QN-34]', () => {
    const hate = findStep(konkur, 'kn_10') as Form
    expect(clearHidden(hate, { kn_10: 'NO', kn_10_foods: 'ماهی' })).toEqual({ kn_10: 'NO', kn_10_foods: null })
    expect(clearHidden(bettermeStep('7'), { bm2_1: 'MALE', bm2_7: ['PREGNANCY', 'DRUG'] })).toEqual({ bm2_7: ['DRUG'] })
  })

  it('reads "n of total" along the walked path [QN-08]', () => {
    expect(stepPosition(betterme, '1', {})).toEqual({ position: 1, total: 11 })
    expect(stepPosition(betterme, '6', {})).toEqual({ position: 4, total: 11 })
    expect(stepPosition(betterme, '14', {})).toEqual({ position: 11, total: 11 })
  })
})
