import type { AnswerValue } from '../types'
import type { AnswerValues } from './visibility'

/** The betterme result logic of spec 3 §4 [RS-01…RS-17]. */

export type SuitableDiet = '4P' | 'MEZO'

const MEZO_DISEASES = ['CRATENINE', 'URICACID', 'GALLSTONES', 'KIDNEY', 'MS', 'CANCER']
const MEZO_DIGESTION = ['NAFKH', 'ESHAL', 'YOBUSAT', 'ZAKHM_MEDE', 'REFLAX_MEDE', 'DARD_MEDE']

function list(value: AnswerValue | undefined): string[] {
  if (Array.isArray(value)) return value
  return typeof value === 'string' ? [value] : []
}

function weight(value: AnswerValue | undefined): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isFinite(number) ? number : null
}

/**
 * Starts as 4P; MEZO when any condition holds (the rule ids that did are returned). The GAINWEIGHT, bm2_4 and bm2_8
 * conditions stay although the flow skips those steps: answers may arrive through the API (DECISIONS).
 */
export function suitableDiet(values: AnswerValues): { diet: SuitableDiet; reasons: string[] } {
  const reasons: string[] = []
  if (values.bm2_2 === 'GAINWEIGHT') reasons.push('RS-02')
  if (values.bm2_3 === 'UNDER18') reasons.push('RS-03')
  if (values.bm2_3 === 'OVER65') reasons.push('RS-04')
  if (list(values.bm2_4).some((value) => MEZO_DISEASES.includes(value))) reasons.push('RS-05')
  if (list(values.bm2_7).includes('PREGNANCY')) reasons.push('RS-06')
  if (list(values.bm2_8).some((value) => MEZO_DIGESTION.includes(value))) reasons.push('RS-07')
  const current = weight(values.bm2_12)
  const target = weight(values.bm2_13)
  if (current !== null && target !== null && current < target) reasons.push('RS-08')
  if (values.bm2_14 === 'SLOW') reasons.push('RS-09')
  return { diet: reasons.length > 0 ? 'MEZO' : '4P', reasons }
}

export type WeightState = 'OBESE' | 'FAT' | 'NORMAL'

export const DAYS_PER_KG = 10
export const DAYS_PER_MONTH = 30

export interface GoalWeightEstimate {
  /** Whole kilograms and fractions between current and goal weight. */
  difference: number
  days: number
  months: number
  remainingDays: number
  state: WeightState
  /** The 4P diet's estimate in days [RS-13]. */
  fourPDays: { min: number; max: number }
}

/**
 * 10 days per kg of difference, shown as 30-day months and the remaining days [RS-11]; OBESE at 8 months or more,
 * FAT from 4 to under 8, else NORMAL [RS-12]; for 4P, floor(difference ÷ 0.35) to floor(difference ÷ 0.15) days
 * [RS-13]. Weights are worked in grams so that 7 ÷ 0.35 is exactly 20.
 */
export function goalWeightEstimate(currentKg: number, goalKg: number): GoalWeightEstimate {
  const grams = Math.round(Math.abs(currentKg - goalKg) * 1000)
  const days = Math.round((grams * DAYS_PER_KG) / 1000)
  const months = Math.floor(days / DAYS_PER_MONTH)
  const state: WeightState = months >= 8 ? 'OBESE' : months >= 4 ? 'FAT' : 'NORMAL'
  return {
    difference: grams / 1000,
    days,
    months,
    remainingDays: days % DAYS_PER_MONTH,
    state,
    fourPDays: { min: Math.floor(grams / 350), max: Math.floor(grams / 150) },
  }
}

/** How an estimate is read out, without a zero part: "۴ ماه", "۱۰ روز" or "۳ ماه و ۱۰ روز" [RS-11]. */
export type DurationWording = 'months' | 'days' | 'monthsAndDays'

export function durationWording({ months, remainingDays }: Pick<GoalWeightEstimate, 'months' | 'remainingDays'>): DurationWording {
  if (months === 0) return 'days'
  return remainingDays === 0 ? 'months' : 'monthsAndDays'
}

/** Similar people by age answer (DECISIONS) [RS-14…RS-17]. */
export const SIMILAR_PEOPLE: Readonly<Record<string, number>> = {
  UNDER18: 109_743,
  '19_40': 133_701,
  '41_65': 104_552,
}
export const SIMILAR_PEOPLE_OTHERWISE = 101_478

export function similarPeople(age: AnswerValue | undefined): number {
  return (typeof age === 'string' ? SIMILAR_PEOPLE[age] : undefined) ?? SIMILAR_PEOPLE_OTHERWISE
}

export function bettermeWeights(values: AnswerValues): { current: number; goal: number } | null {
  const current = weight(values.bm2_12)
  const goal = weight(values.bm2_13)
  return current === null || goal === null ? null : { current, goal }
}

/** Points of the goal-weight chart: weight at the start and at each month until the goal, linear. */
export function goalWeightCurve(currentKg: number, goalKg: number): { day: number; weight: number }[] {
  const { days } = goalWeightEstimate(currentKg, goalKg)
  if (days === 0) return [{ day: 0, weight: currentKg }]
  const points: { day: number; weight: number }[] = []
  for (let day = 0; day < days; day += DAYS_PER_MONTH) {
    points.push({ day, weight: currentKg + ((goalKg - currentKg) * day) / days })
  }
  points.push({ day: days, weight: goalKg })
  return points
}

export type DietCard = 'WATER' | 'MOVE' | 'ON_THE_GO' | 'EMOTIONAL_EATING' | 'SLEEP' | 'FAST_START' | 'GENTLE_PACE' | 'BALANCED'

/** The personalised "about your diet" cards: one per answer worth a word, else the balanced-plan card [RS-18]. */
export function aboutYourDietCards(values: AnswerValues): DietCard[] {
  const cards: DietCard[] = []
  if (values.bm2_10 === '_2') cards.push('WATER')
  if (values.bm2_9 === 'NOTHING') cards.push('MOVE')
  if (values.bm2_11 === 'WORK_MOSTLY' || values.bm2_11 === 'NOT_NIGHT_HOME' || values.bm2_11 === '2_4_OUT_HOME') cards.push('ON_THE_GO')
  const problems = list(values.bm2_6)
  if (problems.includes('PORKHORI_ASABI') || problems.includes('STRESS')) cards.push('EMOTIONAL_EATING')
  if (problems.includes('EKHTELAL_KHAB') || problems.includes('KHAB_SOBH')) cards.push('SLEEP')
  cards.push(values.bm2_14 === 'SLOW' ? 'GENTLE_PACE' : 'FAST_START')
  return cards.length === 1 ? ['BALANCED', ...cards] : cards
}
