import type { AnswerValue } from '../types'
import { FREQUENCY_QUESTIONS, type Frequency, type FrequencyArea } from '../forms/psychology'
import type { AnswerValues } from './visibility'

/**
 * Results of nowruz, psychology and konkur: the spec names no rules for them, so they summarise the answers in the
 * spirit of the betterme result (what to watch, what the plan will do).
 */

function list(value: AnswerValue | undefined): string[] {
  if (Array.isArray(value)) return value
  return typeof value === 'string' ? [value] : []
}

const CLEAR = ['NOTHING', 'NONE']
const hasAny = (value: AnswerValue | undefined) => list(value).some((choice) => !CLEAR.includes(choice))

export const HOLIDAY_PLANS = ['HOME', 'TRAVEL', 'PARTY', 'MIX'] as const
export type HolidayPlan = (typeof HOLIDAY_PLANS)[number]
export type NowruzTip = 'water' | 'move' | 'review' | 'balance'

export interface NowruzResult {
  holidayPlan: HolidayPlan | null
  /** The plan only stabilises weight: shown when the visitor wants to gain or lose [QN-18]. */
  stabiliseNotice: boolean
  needsDietitianReview: boolean
  drinkMoreWater: boolean
  moveMore: boolean
}

/** The holiday tips to show: water, movement and the dietitian's review when they apply, balance always. */
export function nowruzTips(result: NowruzResult): NowruzTip[] {
  return [
    ...(result.drinkMoreWater ? (['water'] as const) : []),
    ...(result.moveMore ? (['move'] as const) : []),
    ...(result.needsDietitianReview ? (['review'] as const) : []),
    'balance',
  ]
}

export function nowruzResult(values: AnswerValues): NowruzResult {
  return {
    holidayPlan: HOLIDAY_PLANS.find((plan) => plan === values.nrz_9) ?? null,
    stabiliseNotice: values.nrz_11 === 'BE_FAT' || values.nrz_11 === 'BE_THIN',
    needsDietitianReview: hasAny(values.nrz_3) || hasAny(values.nrz_5),
    drinkMoreWater: values.nrz_8 === '_2',
    moveMore: values.nrz_7 === 'NOTHING',
  }
}

/** ALWAYS counts 4 … NEVER 0; regular sleep is good, so its scale is reversed. */
const FREQUENCY_SCORE: Record<Frequency, number> = { ALWAYS: 4, OFTEN: 3, SOMETIMES: 2, RARELY: 1, NEVER: 0 }
const REVERSED = new Set(['psy_3'])

export type PsychologyLevel = 'LOW' | 'MODERATE' | 'HIGH'

export interface PsychologyResult {
  /** Share of the worst score per area, 0 to 100. */
  areas: Record<FrequencyArea, number>
  /** Statements chosen in the self-blame, irritability, body-image and eating-control steps. */
  statements: number
  level: PsychologyLevel
  /** Violence at home or a psychiatric history: talk to a therapist first. */
  therapistFirst: boolean
  stress: number | null
}

function frequencyScore(questionId: string, value: AnswerValue | undefined): number | null {
  if (typeof value !== 'string' || !(value in FREQUENCY_SCORE)) return null
  const score = FREQUENCY_SCORE[value as Frequency]
  return REVERSED.has(questionId) ? 4 - score : score
}

export function psychologyResult(values: AnswerValues): PsychologyResult {
  const totals: Record<FrequencyArea, { score: number; max: number }> = {
    sleep: { score: 0, max: 0 },
    eating: { score: 0, max: 0 },
    mood: { score: 0, max: 0 },
  }
  for (const [id, question] of Object.entries(FREQUENCY_QUESTIONS)) {
    const score = frequencyScore(id, values[id])
    if (score === null) continue
    totals[question.area].score += score
    totals[question.area].max += 4
  }
  const percent = ({ score, max }: { score: number; max: number }) => (max === 0 ? 0 : Math.round((score / max) * 100))
  const areas = { sleep: percent(totals.sleep), eating: percent(totals.eating), mood: percent(totals.mood) }
  const statements = ['psy_12', 'psy_13', 'psy_14', 'psy_15'].reduce(
    (count, id) => count + list(values[id]).filter((choice) => !CLEAR.includes(choice)).length,
    0,
  )
  const overall = (areas.sleep + areas.eating + areas.mood) / 3 + statements * 3
  const stress = typeof values.psy_20 === 'number' ? values.psy_20 : null
  return {
    areas,
    statements,
    level: overall < 34 ? 'LOW' : overall < 67 ? 'MODERATE' : 'HIGH',
    therapistFirst: (typeof values.psy_16 === 'string' && values.psy_16 !== 'NONE') || list(values.psy_17).includes('PSYCHIATRIC'),
    stress,
  }
}

export type KonkurAdvice = 'SKIPS_BREAKFAST' | 'LATE_DINNER' | 'TOO_MUCH_CAFFEINE' | 'LONG_STUDY' | 'NEEDS_REVIEW' | 'MOVE_MORE'

export interface KonkurResult {
  meals: { breakfast: string | null; lunch: string | null; dinner: string | null }
  focusTime: string | null
  advice: KonkurAdvice[]
  weightGoal: string | null
}

const asText = (value: AnswerValue | undefined) => (typeof value === 'string' ? value : null)

export function konkurResult(values: AnswerValues): KonkurResult {
  const advice: KonkurAdvice[] = []
  if (values.kn_13 === 'NOTHING') advice.push('SKIPS_BREAKFAST')
  if (values.kn_15 === '23_24' || values.kn_15 === '24_') advice.push('LATE_DINNER')
  if (values.kn_12 === '4_') advice.push('TOO_MUCH_CAFFEINE')
  if (values.kn_4 === '7_10' || values.kn_4 === '10_') advice.push('LONG_STUDY')
  if (hasAny(values.kn_6) || hasAny(values.kn_8)) advice.push('NEEDS_REVIEW')
  if (values.kn_11 === 'NOTHING') advice.push('MOVE_MORE')
  return {
    meals: { breakfast: asText(values.kn_13), lunch: asText(values.kn_14), dinner: asText(values.kn_15) },
    focusTime: asText(values.kn_16),
    advice,
    weightGoal: asText(values.kn_19),
  }
}
