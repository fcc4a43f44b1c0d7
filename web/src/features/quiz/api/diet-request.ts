import type { components } from '@/lib/api'
import { authApi } from '@/lib/auth'
import { readRecordRef, storeRecordRef, type AnswerRecordRef, type RecordKeys } from '../domain/answer-store'
import { medicalProfile } from '../domain/medical-profile'
import { validateForm } from '../domain/validation'
import type { AnswerValue, Form } from '../types'
import { callFormAnswers, envelopeMessages } from './form-answers'
import { FORM_TYPES } from './form-types'
import { currentMobileUserId } from './send-answers'

/**
 * The detailed diet-request form f1…f10 (spec 3 §2): every section's answers go to the BFF as one answers record of
 * form type `diet-request` (the section id as `formId` and `step`), created by the first section and updated by the
 * next ones. Answers and the record id with its edit token are kept in session storage, so a failed send loses nothing. After the last
 * section the medical profile built from the answers is sent, then the diet is requested (spec 3 §4 "Diet actions").
 */

const ANSWERS_KEY = 'diet_request_answers'
/** The record's id, and the edit token its create call answered, kept beside the id for every later PATCH. */
const RECORD_KEYS: RecordKeys = { id: 'diet_request_answer_id', editToken: 'diet_request_edit_token' }
const CONVERSATION_KEY = 'diet_request_conversation_id'
export const DIET_REQUEST_TRIES = 3

type Values = Record<string, AnswerValue>

function session(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/** The answers kept under `key` in session storage; none when absent or not an object. */
function readKept(key: string): Values {
  try {
    const parsed: unknown = JSON.parse(session()?.getItem(key) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Values) : {}
  } catch {
    return {}
  }
}

/** Keeps `values` over those already under `key`; answers the merged set. */
function keepOver(key: string, values: Values): Values {
  const merged = { ...readKept(key), ...values }
  session()?.setItem(key, JSON.stringify(merged))
  return merged
}

export function readDietRequestAnswers(): Values {
  return readKept(ANSWERS_KEY)
}

export function storeDietRequestAnswers(values: Values): Values {
  return keepOver(ANSWERS_KEY, values)
}

/** What the customer typed on a section not sent yet, valid or not: kept so that a reload loses nothing; never sent. */
const DRAFT_KEY = 'diet_request_draft'

export function readDietRequestDraft(): Values {
  return readKept(DRAFT_KEY)
}

export function storeDietRequestDraft(values: Values): void {
  keepOver(DRAFT_KEY, values)
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

/**
 * The first section with a visible question the stored answers leave unanswered or invalid: a tab opened on a later
 * section (session storage is per tab) has none of the earlier answers, and the BFF refuses a profile without them.
 */
export function incompleteSection(sections: readonly Form[], answers: Values = readDietRequestAnswers()): Form | undefined {
  return sections.find((form) => Object.keys(validateForm(form, answers)).length > 0)
}

/** One try: the saved record, or the BFF's messages (empty when the network or the server failed). */
type SendResult = { saved: true; record: AnswerRecordRef } | { saved: false; messages: string[]; transient: boolean }

async function sendOnce(body: components['schemas']['FormAnswersRequest'], record: AnswerRecordRef | null): Promise<SendResult> {
  try {
    const reply = await callFormAnswers(record, body)
    if (reply.saved !== null) return { saved: true, record: reply.saved }
    return { saved: false, messages: envelopeMessages(reply.body), transient: reply.status >= 500 }
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
    const result = await sendOnce(body, readRecordRef(RECORD_KEYS))
    if (result.saved) {
      storeRecordRef(RECORD_KEYS, result.record)
      return null
    }
    last = result.messages
    if (!result.transient) return last
  }
  return last
}

/** A version-4 uuid from the random source every browser has (randomUUID needs a secure context). */
function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The conversation id of this run of the form: made once, kept in session storage until the diet is requested. */
function conversationId(): string {
  const kept = session()?.getItem(CONVERSATION_KEY)
  if (kept) return kept
  const made = uuid()
  session()?.setItem(CONVERSATION_KEY, made)
  return made
}

/** The BFF's Persian message of a refused call, or none for a connection failure. */
function refusal(error: { err: { message: string } } | undefined): string[] {
  return error === undefined ? [] : [error.err.message]
}

/**
 * Sends the medical profile built from the stored answers, then requests the diet, both as the signed-in customer
 * (spec 3 §4 "Diet actions"); resolves null when the diet is requested, else the failing call's messages [ER-61].
 * The answers stay stored either way.
 */
export async function requestDiet(sections: readonly Form[]): Promise<string[] | null> {
  const id = conversationId()
  try {
    const profile = await authApi.POST('/lemonade/api/medical-profiles', {
      body: medicalProfile(sections, readDietRequestAnswers(), id),
    })
    if (profile.data === undefined) return refusal(profile.error)
    const requested = await authApi.POST('/lemonade/api/make-profile-and-request-diet', { body: { conversationId: id } })
    if (requested.data === undefined) return refusal(requested.error)
  } catch (error) {
    return error instanceof Error ? [error.message] : []
  }
  session()?.removeItem(CONVERSATION_KEY)
  return null
}
