import type { components } from '@/lib/api'
import { PROFILE_LOCATION } from '../forms/diet-request'
import type { AnswerValue, Form } from '../types'

export type MedicalProfileBody = components['schemas']['MedicalProfileRequest']

/** The measurements of section f1 (spec 3 §3 group `body`). */
const BODY = new Set([
  'stature',
  'weight',
  'wrist',
  'abdominal',
  'hip',
  'thigh',
  'chest',
  'shoulders',
  'birthWeight',
  'birthStature',
  'fatherStature',
  'motherStature',
])

/**
 * Gender, age and the personal info of f10 (group `general`); every other answer is a condition or habit
 * (`special`). Age is asked in f1 but is who the customer is, not a measurement.
 */
const GENERAL = new Set(['gender', 'age', 'marital', 'education', 'blood', 'birthDate', 'job', 'city'])

/**
 * The medical-profile request (spec 3 §3) from the detailed form's stored answers: each answered question of the
 * form in its group under its own id, unanswered (null) and unknown ones left out, and the fixed location TR, 2170,
 * 107851 [QN-65].
 */
export function medicalProfile(
  sections: readonly Form[],
  answers: Record<string, AnswerValue>,
  conversationId: string,
): MedicalProfileBody {
  const profile: MedicalProfileBody = { conversationId, general: {}, body: {}, special: {}, ...PROFILE_LOCATION }
  for (const form of sections) {
    for (const { id } of form.questions) {
      const value = answers[id]
      if (value === undefined || value === null) continue
      const group = BODY.has(id) ? profile.body : GENERAL.has(id) ? profile.general : profile.special
      group[id] = value
    }
  }
  return profile
}
