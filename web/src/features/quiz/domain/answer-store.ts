import type { AnswerValue, Answers, Flow, FlowId, Form } from '../types'
import { activePath, findStep } from './navigation'
import { isAnswered } from './validation'
import { STORE_KEYS } from './store-keys'
import { clearHidden, visibleQuestions, type AnswerValues } from './visibility'

export { STORE_KEYS }

export const LOCAL_FORM_ID_KEY = 'formId'

function session(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

function local(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

function readJson<T>(key: string, fallback: T): T {
  const raw = session()?.getItem(key)
  if (raw === null || raw === undefined) return fallback
  try {
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === 'object' && parsed !== null ? (parsed as T) : fallback
  } catch {
    return fallback
  }
}

export function readAnswers(): Answers {
  return readJson<Answers>(STORE_KEYS.answers, {})
}

function writeAnswers(answers: Answers): void {
  session()?.setItem(STORE_KEYS.answers, JSON.stringify(answers))
}

/** The stored values by question id. */
export function answerValues(answers: Answers = readAnswers()): Record<string, AnswerValue> {
  return Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, answer?.value ?? null]))
}

/**
 * Merges a submitted step's (normalised, hidden-cleared) values into the store [QN-39]. Stored answers of the flow's
 * other steps are cleared again against the new values, so a choice no longer offered (PREGNANCY after switching to
 * MALE) never reaches the BFF, which would refuse it [QN-34].
 */
export function mergeAnswers(
  form: Form,
  values: Readonly<Record<string, AnswerValue>>,
  flowSteps: readonly Form[] = [form],
): Answers {
  const answers = { ...readAnswers() }
  for (const question of form.questions) {
    if (question.id in values) answers[question.id] = { value: values[question.id] ?? null, questionName: question.name }
  }
  const merged = answerValues(answers)
  for (const step of flowSteps) {
    const cleared = clearHidden(step, merged)
    for (const question of step.questions) {
      if (question.id in answers) answers[question.id] = { value: cleared[question.id] ?? null, questionName: question.name }
    }
  }
  writeAnswers(answers)
  return answers
}

/** Sets one answer (the stored-gender override). */
export function setAnswer(questionId: string, questionName: string, value: AnswerValue): void {
  writeAnswers({ ...readAnswers(), [questionId]: { value, questionName } })
}

/**
 * A record later sends update: its id and the edit token its create call answered (null for an id kept before the
 * BFF gave tokens; a PATCH without one reaches only a record linked to the signed-in customer).
 */
export interface AnswerRecordRef {
  id: string
  editToken: string | null
}

/** Where a record's id and its edit token are kept in session storage. */
export interface RecordKeys {
  id: string
  editToken: string
}

export function readRecordRef(keys: RecordKeys): AnswerRecordRef | null {
  const id = session()?.getItem(keys.id) ?? null
  return id === null ? null : { id, editToken: session()?.getItem(keys.editToken) ?? null }
}

export function storeRecordRef(keys: RecordKeys, record: AnswerRecordRef): void {
  session()?.setItem(keys.id, record.id)
  if (record.editToken === null) session()?.removeItem(keys.editToken)
  else session()?.setItem(keys.editToken, record.editToken)
}

const QUIZ_RECORD: RecordKeys = { id: STORE_KEYS.formAnswerId, editToken: STORE_KEYS.formAnswerEditToken }

export function readFormAnswerRecord(): AnswerRecordRef | null {
  return readRecordRef(QUIZ_RECORD)
}

/**
 * The created record: the id in session storage and local storage [QN-41], the edit token beside the id in session
 * storage only, where the sends read it (local `formId` mirrors the id for the spec and is never read back).
 */
export function storeFormAnswerRecord(record: AnswerRecordRef): void {
  storeRecordRef(QUIZ_RECORD, record)
  local()?.setItem(LOCAL_FORM_ID_KEY, record.id)
}

function forgetFormAnswerId(): void {
  session()?.removeItem(STORE_KEYS.formAnswerId)
  session()?.removeItem(STORE_KEYS.formAnswerEditToken)
  local()?.removeItem(LOCAL_FORM_ID_KEY)
}

/** A fresh answer set: no answers, record id, referral or completed steps [QN-45, QN-50]. */
export function resetAnswerSet(): void {
  forgetFormAnswerId()
  for (const key of [STORE_KEYS.answers, STORE_KEYS.referral, STORE_KEYS.referralFor, STORE_KEYS.extendDietSent, STORE_KEYS.completedSteps]) session()?.removeItem(key)
}

/** The perfect-body referral registered for exactly `fields` (a stable string of the registration), if any [RS-24]. */
export function readReferral(fields: string): string | null {
  return session()?.getItem(STORE_KEYS.referralFor) === fields ? (session()?.getItem(STORE_KEYS.referral) ?? null) : null
}

/** Whether the last form completed in this session is the extend-diet form (DECISIONS: what /result shows). */
export function extendDietSent(): boolean {
  return session()?.getItem(STORE_KEYS.extendDietSent) === '1'
}

export function markExtendDietSent(): void {
  session()?.setItem(STORE_KEYS.extendDietSent, '1')
}

export function storeReferral(referral: string, fields: string): void {
  session()?.setItem(STORE_KEYS.referral, referral)
  session()?.setItem(STORE_KEYS.referralFor, fields)
}

const FIXED_FORM_TYPES = ['good-looking', 'betterme2', 'nowruz', 'psychology']

/** The record's form type; konkur's comes from session `form_type` when a konkur landing set one (spec 3 §7). */
export function formTypeOf(flow: Flow): string {
  if (flow.id !== 'konkur') return flow.formType
  const stored = session()?.getItem(STORE_KEYS.formType)
  return stored && !FIXED_FORM_TYPES.includes(stored) ? stored : flow.formType
}

/**
 * Opening a step of a flow: a record id created by another flow is not reused, so the first send of this flow
 * creates its own record [QN-41].
 */
export function beginFlow(flow: Flow): void {
  const formType = formTypeOf(flow)
  if (session()?.getItem(STORE_KEYS.formType) !== formType) {
    forgetFormAnswerId()
    session()?.setItem(STORE_KEYS.formType, formType)
  }
}

export function readCompletedSteps(flowId: FlowId): string[] {
  const all = readJson<Partial<Record<FlowId, string[]>>>(STORE_KEYS.completedSteps, {})
  return Array.isArray(all[flowId]) ? all[flowId] : []
}

/** Marks a step completed; only the first time counts (returns false when it already was) [QN-40]. */
export function markStepCompleted(flowId: FlowId, stepId: string): boolean {
  const all = readJson<Partial<Record<FlowId, string[]>>>(STORE_KEYS.completedSteps, {})
  const done = Array.isArray(all[flowId]) ? all[flowId] : []
  if (done.includes(stepId)) return false
  session()?.setItem(STORE_KEYS.completedSteps, JSON.stringify({ ...all, [flowId]: [...done, stepId] }))
  return true
}

/** On step 2, a gender kept in local storage (bm2_gender, nrz_gender, psy_gender) replaces the answer [QN-46]. */
export function applyStoredGender(flow: Flow): void {
  if (flow.storedGenderKey === undefined) return
  const stored = local()?.getItem(flow.storedGenderKey)
  if (stored !== 'MALE' && stored !== 'FEMALE') return
  const question = findStep(flow, flow.firstStep)?.questions.find((q) => q.id === flow.genderQuestion)
  setAnswer(flow.genderQuestion, question?.name ?? 'gender', stored)
}

/**
 * Whether the flow's answer set is complete: every visible question on the walked path is answered. A result page
 * without it shows NO_USER_ANSWER [QN-48, ER-52].
 */
export function hasAnswerSet(flow: Flow, values: AnswerValues = answerValues()): boolean {
  return activePath(flow, values).every((stepId) => {
    const form = findStep(flow, stepId)
    return form !== undefined && visibleQuestions(form, values).every((question) => isAnswered(values[question.id]))
  })
}

/** The restart of a result page without answers: a fresh answer set, then step 1 [QN-50]. */
export function restartFlow(flow: Flow): string {
  resetAnswerSet()
  return flow.stepPath(flow.firstStep)
}
