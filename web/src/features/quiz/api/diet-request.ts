import { api, type components } from '@/lib/api'
import { readToken } from '@/lib/auth'
import type { AnswerValue, Form } from '../types'
import { FORM_TYPES } from './form-types'
import { currentMobileUserId } from './send-answers'

/**
 * The detailed diet-request form f1…f10 (spec 3 §2): every section's answers go to the BFF as one answers record of
 * form type `diet-request` (the section id as `formId` and `step`), created by the first section and updated by the
 * next ones. Answers and the record id are kept in session storage, so a failed send loses nothing.
 */

const ANSWERS_KEY = 'diet_request_answers'
const RECORD_KEY = 'diet_request_answer_id'
export const DIET_REQUEST_TRIES = 3

type Values = Record<string, AnswerValue>

function session(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

export function readDietRequestAnswers(): Values {
  try {
    const parsed: unknown = JSON.parse(session()?.getItem(ANSWERS_KEY) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Values) : {}
  } catch {
    return {}
  }
}

export function storeDietRequestAnswers(values: Values): Values {
  const merged = { ...readDietRequestAnswers(), ...values }
  session()?.setItem(ANSWERS_KEY, JSON.stringify(merged))
  return merged
}

/** The answers of `sections` in their question order, each as a one-entry object, then the step. */
function entries(sections: readonly Form[], answers: Values, step: string): Record<string, AnswerValue>[] {
  const list: Record<string, AnswerValue>[] = []
  for (const form of sections) {
    for (const question of form.questions) {
      const value = answers[question.id]
      if (value !== undefined) list.push({ [question.id]: value })
    }
  }
  list.push({ step })
  return list
}

/** One try: the saved record's id, or the BFF's messages (empty when the network or the server failed). */
type SendResult = { saved: true; id: string } | { saved: false; messages: string[]; transient: boolean }

async function sendOnce(body: components['schemas']['FormAnswersRequest'], id: string | null): Promise<SendResult> {
  const token = readToken()
  const headers = token === null ? {} : { Authorization: `Bearer ${token}` }
  try {
    const { data, error, response } =
      id === null
        ? await api.POST('/lemonade/api/formAnswers', { body, headers })
        : await api.PATCH('/lemonade/api/formAnswers/{id}', { params: { path: { id: Number(id) } }, body, headers })
    if (data !== undefined) return { saved: true, id: String(data.id) }
    const messages = error?.err.details?.messages ?? []
    return { saved: false, messages, transient: response.status >= 500 }
  } catch {
    return { saved: false, messages: [], transient: true }
  }
}

/**
 * Sends every answer so far with section `step` (tried 3 times when the network or server fails); resolves null when
 * saved, else the BFF's messages (empty for a connection failure).
 */
export async function sendDietRequestSection(sections: readonly Form[], step: string): Promise<string[] | null> {
  const body = {
    answers: entries(sections, readDietRequestAnswers(), step),
    formId: step,
    formType: FORM_TYPES.dietRequest,
    userId: currentMobileUserId(),
  }
  let last: string[] = []
  for (let attempt = 0; attempt < DIET_REQUEST_TRIES; attempt += 1) {
    const result = await sendOnce(body, session()?.getItem(RECORD_KEY) ?? null)
    if (result.saved) {
      session()?.setItem(RECORD_KEY, result.id)
      return null
    }
    last = result.messages
    if (!result.transient) return last
  }
  return last
}
