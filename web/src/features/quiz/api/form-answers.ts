import { api, type components } from '@/lib/api'
import { optionalBearer } from '@/lib/auth'
import { readFormAnswerRecord, storeFormAnswerRecord, type AnswerRecordRef } from '../domain/answer-store'
import type { FormAnswersBody } from '../domain/answers-body'

/**
 * Sending questionnaire answers (spec 3 §7): the first send creates the record with `POST /lemonade/api/formAnswers`,
 * later sends update it with `PATCH /lemonade/api/formAnswers/{id}` and the record's edit token [QN-41]. Each send is
 * tried 3 times [QN-43].
 * Sends run one after another, so a quick second answer PATCHes the record the first one created. A send that
 * fails for want of a network (or a server error) is kept in local storage and sent again when the browser is back
 * online or the next quiz page opens: each body holds the whole answer set, so the latest one is all that must
 * arrive.
 */

/** NOT_200_ERRORS: status outside 200…399 or no answer [ER-51]; `messages` are the envelope's details [ER-53]. */
export class FormAnswersError extends Error {
  readonly code: string
  readonly status: number | null
  readonly messages: string[]

  constructor(code: string, status: number | null, messages: string[]) {
    super(messages[0] ?? code)
    this.name = 'FormAnswersError'
    this.code = code
    this.status = status
    this.messages = messages
  }

  /** Worth sending again later: the network or the server failed, or asked to wait (429), not the answers. */
  get transient(): boolean {
    return this.status === null || this.status === 429 || this.status >= 500
  }
}

export const NOT_200_ERRORS = 'NOT_200_ERRORS'
export const SEND_TRIES = 3
const OUTBOX_KEY = 'form_answers_outbox'

/** What one call answered: the status, the saved record (null when refused) and the body. */
export interface FormAnswersReply {
  status: number
  saved: AnswerRecordRef | null
  /** The reply body: `{ id, editToken }`, `{ id }` or the error envelope. */
  body: unknown
}

/**
 * The one function that talks HTTP for form answers, through the generated client: create without a record, update
 * with one, carrying its edit token (`X-Edit-Token`) and, when signed in, the customer's token, which links the record
 * [QN-41]. An update answered 404 is sent again as a create: the record is no longer this visitor's to change (their
 * token expired after the record was linked, or the id was kept without an edit token), and each body holds the
 * whole answer set, so the new record loses nothing.
 */
export async function callFormAnswers(
  record: AnswerRecordRef | null,
  body: components['schemas']['FormAnswersRequest'],
): Promise<FormAnswersReply> {
  const headers = optionalBearer()
  if (record !== null) {
    const header = record.editToken === null ? {} : { 'X-Edit-Token': record.editToken }
    const params = { path: { id: Number(record.id) }, header }
    const { data, error, response } = await api.PATCH('/lemonade/api/formAnswers/{id}', { params, body, headers })
    if (response.status !== 404) {
      const saved = data === undefined ? null : { id: String(data.id), editToken: record.editToken }
      return { status: response.status, saved, body: data ?? error ?? null }
    }
  }
  const { data, error, response } = await api.POST('/lemonade/api/formAnswers', { body, headers })
  const saved = data === undefined ? null : { id: String(data.id), editToken: data.editToken ?? null }
  return { status: response.status, saved, body: data ?? error ?? null }
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

/** The envelope's `err.details.messages`, empty when there are none. */
export function envelopeMessages(body: unknown): string[] {
  const messages = field(field(field(body, 'err'), 'details'), 'messages')
  return Array.isArray(messages) ? messages.filter((message): message is string => typeof message === 'string') : []
}

/** One try: the saved record, or a FormAnswersError [ER-51, ER-53]. */
async function sendOnce(record: AnswerRecordRef | null, body: FormAnswersBody): Promise<AnswerRecordRef> {
  let response: FormAnswersReply
  try {
    response = await callFormAnswers(record, body)
  } catch {
    throw new FormAnswersError(NOT_200_ERRORS, null, [])
  }
  if (response.status < 200 || response.status > 399) {
    throw new FormAnswersError(NOT_200_ERRORS, response.status, envelopeMessages(response.body))
  }
  const err = field(response.body, 'err')
  if (err !== undefined && err !== null) {
    const code = field(err, 'code')
    throw new FormAnswersError(typeof code === 'string' ? code : NOT_200_ERRORS, response.status, envelopeMessages(response.body))
  }
  if (response.saved !== null) return response.saved
  throw new FormAnswersError(NOT_200_ERRORS, response.status, [])
}

interface OutboxEntry {
  body: FormAnswersBody
  /** The record the kept body updates (absent in entries kept before edit tokens: they create a record). */
  record?: AnswerRecordRef | null
}

function outbox(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

function readOutbox(): OutboxEntry | null {
  const raw = outbox()?.getItem(OUTBOX_KEY)
  if (!raw) return null
  try {
    const entry = JSON.parse(raw) as OutboxEntry
    return typeof entry === 'object' && entry !== null && typeof entry.body === 'object' ? entry : null
  } catch {
    return null
  }
}

export function pendingFormAnswers(): FormAnswersBody | null {
  return readOutbox()?.body ?? null
}

export interface SendOptions {
  /** Pause before try n+1 is n × this (default 300 ms). */
  retryDelayMs?: number
}

const pause = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms))

async function deliver(body: FormAnswersBody, known: AnswerRecordRef | null, options: SendOptions): Promise<string> {
  const delay = options.retryDelayMs ?? 300
  let failure = new FormAnswersError(NOT_200_ERRORS, null, [])
  for (let attempt = 1; attempt <= SEND_TRIES; attempt += 1) {
    try {
      const saved = await sendOnce(known ?? readFormAnswerRecord(), body)
      storeFormAnswerRecord(saved)
      outbox()?.removeItem(OUTBOX_KEY)
      return saved.id
    } catch (error) {
      failure = error instanceof FormAnswersError ? error : new FormAnswersError(NOT_200_ERRORS, null, [])
      if (attempt < SEND_TRIES) await pause(delay * attempt)
    }
  }
  if (failure.transient) {
    const entry: OutboxEntry = { body, record: known ?? readFormAnswerRecord() }
    outbox()?.setItem(OUTBOX_KEY, JSON.stringify(entry))
  }
  throw failure
}

let queue: Promise<unknown> = Promise.resolve()

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task)
  queue = run.catch(() => undefined)
  return run
}

/** Sends the answer set; resolves with the record id. Rejects with FormAnswersError after 3 failed tries. */
export function sendFormAnswers(body: FormAnswersBody, options: SendOptions = {}): Promise<string> {
  return enqueue(() => deliver(body, null, options))
}

/** Sends the kept answer set, if any (no answer lost when the network drops). */
export function resendPendingFormAnswers(options: SendOptions = {}): Promise<string | null> {
  return enqueue(async () => {
    const entry = readOutbox()
    return entry === null ? null : deliver(entry.body, entry.record ?? null, options)
  })
}

/** Resends the kept answers now and whenever the browser comes back online; returns the stop function. */
export function watchPendingFormAnswers(): () => void {
  const resend = () => {
    resendPendingFormAnswers().catch((failure: unknown) => console.warn('form answers still not sent', failure))
  }
  if (readOutbox() !== null) resend()
  window.addEventListener('online', resend)
  return () => window.removeEventListener('online', resend)
}
