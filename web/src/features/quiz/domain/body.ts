/**
 * Good-looking body classes and the perfect-body registration (spec 3 §3, §7) with the thresholds of DECISIONS
 * [RS-22…RS-28].
 */

export type BmiClass = 'UNDERWEIGHT' | 'NORMAL' | 'OVERWEIGHT' | 'OBESE' | 'EXTREMELYOBESE'
export type FemaleShape = 'RECTANGLE' | 'HOURGLASS' | 'PEAT' | 'ROUND'
export type MaleShape = 'ECTOMORPH' | 'MESOMORPH' | 'ENDOMORPH'
export type BodyShape = FemaleShape | MaleShape

export function bmi(weightKg: number, heightCm: number): number {
  const metres = heightCm / 100
  return weightKg / (metres * metres)
}

/** WHO adult bands: < 18.5, < 25, < 30, < 40, else [RS-23]. */
export function bmiClass(value: number): BmiClass {
  if (value < 18.5) return 'UNDERWEIGHT'
  if (value < 25) return 'NORMAL'
  if (value < 30) return 'OVERWEIGHT'
  if (value < 40) return 'OBESE'
  return 'EXTREMELYOBESE'
}

/** Female < 18.5 RECTANGLE, < 25 HOURGLASS, < 30 PEAT, else ROUND; male < 20 ECTOMORPH, < 27 MESOMORPH, else ENDOMORPH [RS-22]. */
export function bodyShape(gender: 'FEMALE' | 'MALE', value: number): BodyShape {
  if (gender === 'FEMALE') {
    if (value < 18.5) return 'RECTANGLE'
    if (value < 25) return 'HOURGLASS'
    if (value < 30) return 'PEAT'
    return 'ROUND'
  }
  if (value < 20) return 'ECTOMORPH'
  if (value < 27) return 'MESOMORPH'
  return 'ENDOMORPH'
}

/** The age paired with each age range, subtracted from 1401 for the registration's year [RS-25…RS-28]. */
export const AGE_OF_RANGE = { '20Year': 22, '30Year': 35, '40Year': 45, '50Year': 55 } as const
export type AgeRange = keyof typeof AGE_OF_RANGE
export const PERFECT_BODY_BASE_YEAR = 1401

export function perfectBodyYear(range: AgeRange): number {
  return PERFECT_BODY_BASE_YEAR - AGE_OF_RANGE[range]
}

export function isAgeRange(value: unknown): value is AgeRange {
  return typeof value === 'string' && value in AGE_OF_RANGE
}

/** The multipart fields of `POST /landing/perfectbody/registrationt2` [RS-24]; day and month are not asked, so 1. */
export function perfectBodyRegistration(answers: { gender: 'FEMALE' | 'MALE'; ageRange: AgeRange; weight: number; height: number }) {
  return {
    gender: answers.gender,
    day: 1,
    month: 1,
    year: perfectBodyYear(answers.ageRange),
    weight: answers.weight,
    height: answers.height,
  }
}
