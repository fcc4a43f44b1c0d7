import { describe, expect, it } from 'vitest'
import { validateForm } from '../domain/validation'
import { dietRequestForms, PROFILE_LOCATION } from './diet-request'

const question = (id: string) => dietRequestForms.flatMap((form) => form.questions).find((q) => q.id === id)
const range = (id: string) => question(id)?.rules.find((rule) => rule.type === 'range')

describe('detailed diet-request form', () => {
  it('has sections f1 to f10 in Persian and Turkish [QN-64]', () => {
    expect(dietRequestForms.map((form) => form.id)).toEqual(Array.from({ length: 10 }, (_, i) => `f${i + 1}`))
    for (const form of dietRequestForms) {
      expect(form.desc?.tr).toBeTruthy()
      for (const q of form.questions) expect(q.title.tr).toBeTruthy()
    }
  })

  it.each([
    ['weight', 2, 200],
    ['stature', 90, 240],
    ['wrist', 10, 24],
    ['shoulders', 10, 120],
    ['chest', 30, 150],
    ['abdominal', 20, 200],
    ['hip', 20, 200],
    ['thigh', 10, 120],
    ['birthWeight', 0.3, 6],
    ['birthStature', 10, 70],
    ['fatherStature', 40, 200],
    ['motherStature', 40, 200],
  ])('%s accepts %s to %s [QN-58…QN-62]', (id, min, max) => {
    expect(range(id)).toMatchObject({ args: { min, max } })
  })

  describe('age, asked right after gender [QN-31]', () => {
    const f1 = dietRequestForms[0]!
    const ageError = (age: string | number, language: 'fa' | 'tr' = 'fa') =>
      validateForm(f1, { gender: 'FEMALE', age }, language).age

    it('is the second question of f1, a whole-number picker in years', () => {
      expect(f1.questions.map((q) => q.id).slice(0, 3)).toEqual(['gender', 'age', 'weight'])
      expect(question('age')?.answerUIComponent).toEqual({ type: 'numberPicker', props: { unit: { fa: 'سال', tr: 'yaş' }, decimal: false } })
    })

    it.each([15, '15', '۱۵', '٤٠', '70', '۷۰'])('accepts %s', (age) => {
      expect(ageError(age)).toBeUndefined()
    })

    it.each([14, '۱۴', '71', '۷۱', '30.5'])('refuses %s with the age message in Persian and Turkish', (age) => {
      expect(ageError(age)).toBe('سن باید بین 15 تا 70 سال باشد')
      expect(ageError(age, 'tr')).toBe('Yaş 15 ile 70 arasında olmalıdır')
    })

    it('is required and numeric like the measurements', () => {
      expect(ageError('')).toBe('پر کردن این فیلد الزامی است')
      expect(ageError('سی')).toBe('فقط عدد وارد کنید')
    })
  })

  describe('the birth date agrees with the age of section 1', () => {
    const f10 = dietRequestForms.find((form) => form.id === 'f10')
    if (f10 === undefined) throw new Error('no f10')
    const personal = { marital: 'SINGLE', education: 'BACHELOR', blood: 'O+', job: 'معلم', city: 'تبریز' }
    const birthDateError = (age: string | number | undefined, birthDate: string, language: 'fa' | 'tr' = 'fa') =>
      validateForm(f10, { ...personal, age: age ?? null, birthDate }, language).birthDate
    const bornYearsAgo = (years: number) => {
      const day = new Date()
      day.setUTCFullYear(day.getUTCFullYear() - years, 0, 1)
      return day.toISOString().slice(0, 10)
    }

    it('accepts an age within a year of the one the date gives, and a date with no age to compare', () => {
      expect(birthDateError(32, bornYearsAgo(32))).toBeUndefined()
      expect(birthDateError('۳۳', bornYearsAgo(32))).toBeUndefined()
      expect(birthDateError(31, bornYearsAgo(32))).toBeUndefined()
      expect(birthDateError(undefined, bornYearsAgo(7))).toBeUndefined()
    })

    it('refuses a date that makes a 32-year-old 7, on the birth date, in Persian and Turkish', () => {
      expect(birthDateError(32, bornYearsAgo(7))).toBe(
        'این تاریخ تولد با سنی که در بخش ۱ وارد کرده‌اید جور نیست؛ یکی از آن دو را اصلاح کنید.',
      )
      expect(birthDateError(32, bornYearsAgo(7), 'tr')).toBe('Bu doğum tarihi 1. bölümde girdiğiniz yaşla uyuşmuyor; birini düzeltin.')
      expect(birthDateError(32, bornYearsAgo(35))).toBeDefined()
    })
  })

  it('fixes the profile location to TR, 2170, 107851 [QN-65]', () => {
    expect(PROFILE_LOCATION).toEqual({ countryCode: 'TR', state: 2170, city: 107851 })
  })
})

describe('the diet-request form’s options, as a customer reads them', () => {
  const options = dietRequestForms.flatMap((form) => form.questions).flatMap((q) => q.options ?? [])
  const titles = dietRequestForms.flatMap((form) => form.questions).map((q) => q.title.fa)

  it('show Persian digits and words on the Persian form: no Latin digit outside a blood group, no "1RM"', () => {
    const bloodGroups = new Set(question('blood')?.options?.map((o) => o.title.fa))
    const latinDigits = options.map((o) => o.title.fa).filter((label) => !bloodGroups.has(label) && /[0-9]/.test(label))
    expect(latinDigits).toEqual([])
    expect([...titles, ...options.map((o) => o.title.fa)].filter((label) => /1RM/.test(label))).toEqual([])
    expect(question('exerciseDays')?.options?.map((o) => o.title.fa)).toEqual([
      'ورزش نمی‌کنم', '۱ روز', '۲ روز', '۳ روز', '۴ روز', '۵ روز', '۶ روز', '۷ روز',
    ])
    expect(question('exerciseDuration')?.options?.map((o) => o.title.fa)[0]).toBe('نیم ساعت')
  })

  it('keep a blood group whole in right-to-left text ("B+", not "+B"): isolated left to right', () => {
    const b = question('blood')?.options?.find((o) => o.value === 'B+')
    expect(b?.title.fa).toBe('\u2066B+\u2069')
    expect(b?.title.tr).toBe('B+')
  })
})
