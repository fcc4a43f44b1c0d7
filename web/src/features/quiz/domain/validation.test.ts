import { describe, expect, it } from 'vitest'
import { betterme } from '../forms/betterme'
import { extendDietForm } from '../forms/extend-diet'
import { goodLooking } from '../forms/good-looking'
import { konkur } from '../forms/konkur'
import { option, question, text } from '../forms/build'
import type { Form } from '../types'
import { findStep } from './navigation'
import { normaliseAnswer, normaliseMobile, questionSchema, validateForm } from './validation'

const stepOf = (flow: typeof betterme, id: string) => findStep(flow, id) as Form

describe('questionnaire validation [QN-22…QN-37]', () => {
  it('requires every question, with the messages of spec 3 §5 [QN-22…QN-26]', () => {
    expect(validateForm(stepOf(betterme, '1'), {})).toEqual({ bm2_1: 'لطفا یکی از گزینه های مد نظر را انتخاب کنید' })
    expect(validateForm(stepOf(betterme, '2'), {})).toEqual({ bm2_2: 'لطفا یک گزینه را انتخاب کنید' })
    expect(validateForm(stepOf(betterme, '12'), { bm2_12: '' })).toEqual({ bm2_12: 'لطفا فیلد مربوطه را پر نمایید' })
    expect(validateForm(stepOf(betterme, '6'), { bm2_6: [] })).toEqual({ bm2_6: 'لطفا یک یا چند گزینه را انتخاب کنید' })
  })

  it.each([
    ['14.99', false],
    ['15', true],
    ['249.99', true],
    ['250', false],
    ['۷۰', true],
    ['٧٠', true],
    ['70٫5', true],
  ])('betterme weight %s valid: %s [QN-29, QN-32]', (raw, valid) => {
    const errors = validateForm(stepOf(betterme, '12'), { bm2_12: raw })
    expect(errors).toEqual(valid ? {} : { bm2_12: 'وزن باید بین 15 تا 250 کیلوگرم باشد' })
  })

  it.each([
    ['89.99', false],
    ['90', true],
    ['249.99', true],
    ['250', false],
  ])('good-looking height %s valid: %s [QN-27]', (raw, valid) => {
    const errors = validateForm(stepOf(goodLooking, 'bm_f14'), { bm_f14: raw })
    expect(errors).toEqual(valid ? {} : { bm_f14: 'قد باید بین 90 تا 250 سانتی‌متر باشد' })
  })

  it.each([
    ['14.99', false],
    ['15', true],
    ['249.99', true],
    ['250', false],
  ])('good-looking weight %s valid: %s [QN-28]', (raw, valid) => {
    expect(Object.keys(validateForm(stepOf(goodLooking, 'bm_f15'), { bm_f15: raw }))).toEqual(valid ? [] : ['bm_f15'])
    expect(Object.keys(validateForm(stepOf(goodLooking, 'bm_f16'), { bm_f16: raw }))).toEqual(valid ? [] : ['bm_f16'])
  })

  it('keeps the exclusive option alone [QN-30]', () => {
    const disease = stepOf(konkur, 'kn_6')
    expect(validateForm(disease, { kn_6: ['NOTHING', 'ASTHMA'] })).toEqual({ kn_6: 'لطفا یک یا چند گزینه را انتخاب کنید' })
    expect(validateForm(disease, { kn_6: ['NOTHING'] })).toEqual({})
    expect(validateForm(disease, { kn_6: ['ASTHMA', 'MIGREN'] })).toEqual({})
  })

  it('rejects options that are not offered, e.g. PREGNANCY for a male [QN-12]', () => {
    const period = stepOf(betterme, '7')
    expect(validateForm(period, { bm2_1: 'MALE', bm2_7: ['PREGNANCY'] })).toHaveProperty('bm2_7')
    expect(validateForm(period, { bm2_1: 'FEMALE', bm2_7: ['PREGNANCY'] })).toEqual({})
    expect(validateForm(stepOf(betterme, '2'), { bm2_2: 'SOMETHING' })).toHaveProperty('bm2_2')
  })

  it.each([
    ['14', false],
    ['15', true],
    ['۳۵', true],
    ['70', true],
    ['71', false],
  ])('the age validator takes %s: %s [QN-31]', (raw, valid) => {
    const age = question({ id: 'age', name: 'age', title: text('سن', 'Yaş') }, { type: 'numberPicker', props: { decimal: false } }, [
      { type: 'age', msg: text('سن نامعتبر', 'Geçersiz yaş') },
    ])
    expect(questionSchema(age).safeParse(raw).success).toBe(valid)
  })

  it('shows a rule without a message as "error" [QN-33]', () => {
    const bare = question({ id: 'x', name: 'x', title: text('x', 'x') }, { type: 'radio' }, [{ type: 'required' }], [option('A', text('a', 'a'))])
    const result = questionSchema(bare).safeParse(null)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('error')
  })

  it('limits text to 100 characters and tags to their limit [QN-37]', () => {
    const hate = stepOf(konkur, 'kn_10')
    expect(validateForm(hate, { kn_10: 'YES', kn_10_foods: 'x'.repeat(100) })).toEqual({})
    expect(validateForm(hate, { kn_10: 'YES', kn_10_foods: 'x'.repeat(101) })).toHaveProperty('kn_10_foods')
    const restriction = stepOf(goodLooking, 'bm_f12')
    expect(validateForm(restriction, { bm_f12: ['Protein', 'Dairy', 'Lactose'] })).toEqual({})
    expect(validateForm(restriction, { bm_f12: ['Protein', 'Dairy', 'Lactose', 'Gluten'] })).toHaveProperty('bm_f12')
  })

  it('does not validate a hidden question [QN-34]', () => {
    expect(validateForm(stepOf(konkur, 'kn_10'), { kn_10: 'NO' })).toEqual({})
    expect(validateForm(stepOf(konkur, 'kn_10'), { kn_10: 'YES' })).toHaveProperty('kn_10_foods')
  })

  it('extend-diet: toggles and mobile messages [QN-52…QN-55]', () => {
    expect(validateForm(extendDietForm, {})).toEqual({
      size: 'لطفا تغییر سایز خود را انتخاب کنید',
      weight: 'لطفا تغییر وزن خود را انتخاب کنید',
      mobile: 'لطفا شماره موبایل خود را وارد کنید',
    })
    expect(validateForm(extendDietForm, { size: 'size_loss', weight: 'weight_loss', mobile: '12345' })).toEqual({
      mobile: 'شماره وارد شده صحیح نیست',
    })
    expect(validateForm(extendDietForm, { size: 'size_loss', weight: 'weight_not_changed', mobile: '۹۱۲۱۲۳۴۵۶۷' })).toEqual({})
    expect(normaliseMobile('9121234567')).toBe('09121234567')
    expect(normaliseMobile('09121234567')).toBe('09121234567')
  })

  it('normalises answers: numbers from any digits, trimmed text [QN-32]', () => {
    const weight = stepOf(betterme, '12').questions[0]
    if (weight === undefined) throw new Error('no weight question')
    expect(normaliseAnswer(weight, '۸۰٫۵')).toBe(80.5)
    expect(normaliseAnswer(weight, null)).toBeNull()
  })
})
