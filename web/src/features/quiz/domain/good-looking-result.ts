import type { AnswerValue } from '../types'
import { bmi, bmiClass, bodyShape, type BmiClass, type BodyShape } from './body'
import type { AnswerValues } from './visibility'

/** What the good-looking result page shows (spec 3 §2) [RS-21…RS-23]. */
export interface GoodLookingResult {
  gender: 'FEMALE' | 'MALE'
  bmi: number
  bmiClass: BmiClass
  shape: BodyShape
  /** Kilograms above the ideal weight (negative: below). */
  overWeight: number
  goal: string | null
  activity: string | null
  lifestyle: string | null
  foodRestrictions: string[]
}

function numberOf(value: AnswerValue | undefined): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isFinite(number) && number > 0 ? number : null
}

const text = (value: AnswerValue | undefined) => (typeof value === 'string' ? value : null)

export function goodLookingResult(values: AnswerValues): GoodLookingResult | null {
  const gender = values.bm_f1
  const weight = numberOf(values.bm_f15)
  const height = numberOf(values.bm_f14)
  const ideal = numberOf(values.bm_f16)
  if ((gender !== 'FEMALE' && gender !== 'MALE') || weight === null || height === null || ideal === null) return null
  const index = bmi(weight, height)
  const restrictions = values.bm_f12
  return {
    gender,
    bmi: Math.round(index * 10) / 10,
    bmiClass: bmiClass(index),
    shape: bodyShape(gender, index),
    overWeight: Math.round((weight - ideal) * 10) / 10,
    goal: text(values.bm_f2),
    activity: text(values.bm_f6),
    lifestyle: text(values.bm_f9),
    foodRestrictions: Array.isArray(restrictions) ? restrictions.filter((value) => value !== 'None') : [],
  }
}
