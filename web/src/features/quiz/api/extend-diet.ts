import { api } from '@/lib/api'
import { readToken } from '@/lib/auth'
import type { AnswerValue } from '../types'
import { FINAL_SUBMIT_STEP, FORM_TYPES } from './form-types'

/**
 * The extend-diet submit (spec 3 §7 "external forms service", served by the BFF's form answers): `answers` as a map
 * of question id → `{ value }` with the final `step` 100, `formId` f1, `formType` extend-diet and `userId` the
 * normalised mobile [QN-56]. Resolves with the BFF's messages when it refuses, or null when saved.
 */
export async function submitExtendDiet(values: Record<string, AnswerValue>): Promise<string[] | null> {
  const mobile = typeof values.mobile === 'string' ? values.mobile : ''
  const answers = Object.fromEntries(Object.entries(values).map(([id, value]) => [id, { value }]))
  const token = readToken()
  try {
    const { error, response } = await api.POST('/lemonade/api/formAnswers', {
      body: { answers: { ...answers, step: { value: FINAL_SUBMIT_STEP } }, formId: 'f1', formType: FORM_TYPES.extendDiet, userId: mobile },
      headers: token === null ? {} : { Authorization: `Bearer ${token}` },
    })
    if (response.ok) return null
    const messages = error?.err.details?.messages
    return Array.isArray(messages) && messages.length > 0 ? messages : [error?.err.message ?? String(response.status)]
  } catch {
    return []
  }
}
