import { HttpResponse, delay } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_TIMEOUT_MS } from '@/config/env'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { createdRecord } from '../components/quiz-test-helpers'
import type { FormAnswersBody } from '../domain/answers-body'
import {
  FormAnswersError,
  pendingFormAnswers,
  SEND_TRIES,
  resendPendingFormAnswers,
  sendFormAnswers,
  watchPendingFormAnswers,
} from './form-answers'

const COLLECTION = '/lemonade/api/formAnswers'
const RECORD = '/lemonade/api/formAnswers/{id}'
const fast = { retryDelayMs: 0 }

function body(step: string): FormAnswersBody {
  return { answers: [{ bm2_1: 'FEMALE' }, { step }], formId: '1', formType: 'betterme2', userId: '' }
}

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('sending form answers [QN-41…QN-43, ER-51, ER-53]', () => {
  it('creates with POST, then updates with PATCH on the stored id, carrying the edit token the create answered', async () => {
    const calls: { method: string; id?: string; editToken?: string | null; body: unknown }[] = []
    server.use(
      http.post(COLLECTION, async ({ request }) => {
        calls.push({ method: 'POST', body: await request.json() })
        return HttpResponse.json(createdRecord(41))
      }),
      http.patch(RECORD, async ({ request, params }) => {
        const editToken = request.headers.get('X-Edit-Token')
        calls.push({ method: 'PATCH', id: String(params.id), editToken, body: await request.json() })
        return HttpResponse.json({ id: Number(params.id) })
      }),
    )
    await expect(sendFormAnswers(body('1'), fast)).resolves.toBe('41')
    expect(sessionStorage.getItem('form_answer_id')).toBe('41')
    expect(sessionStorage.getItem('form_answer_edit_token')).toBe('edit-41')
    expect(localStorage.getItem('formId')).toBe('41')
    await expect(sendFormAnswers(body('2'), fast)).resolves.toBe('41')
    expect(calls.map((call) => [call.method, call.id, call.editToken])).toEqual([
      ['POST', undefined, undefined],
      ['PATCH', '41', 'edit-41'],
    ])
    expect(calls[1]?.body).toEqual(body('2'))
    expect(sessionStorage.getItem('form_answer_edit_token')).toBe('edit-41')
  })

  it('creates a new record with the whole answer set when the stored one answers 404 (no longer this visitor\'s)', async () => {
    sessionStorage.setItem('form_answer_id', '9')
    sessionStorage.setItem('form_answer_edit_token', 'edit-9')
    const methods: string[] = []
    server.use(
      http.patch(RECORD, () => {
        methods.push('PATCH')
        return HttpResponse.json({ err: { code: '404', message: 'پیدا نشد', details: { messages: [] } } }, { status: 404 })
      }),
      http.post(COLLECTION, async ({ request }) => {
        methods.push('POST')
        expect(await request.json()).toMatchObject(body('3'))
        return HttpResponse.json(createdRecord(12))
      }),
    )
    await expect(sendFormAnswers(body('3'), fast)).resolves.toBe('12')
    expect(methods).toEqual(['PATCH', 'POST'])
    expect(sessionStorage.getItem('form_answer_id')).toBe('12')
    expect(sessionStorage.getItem('form_answer_edit_token')).toBe('edit-12')
  })

  it('keeps quick sends in order, so the second one updates the record the first created', async () => {
    const methods: string[] = []
    server.use(
      http.post(COLLECTION, async () => {
        methods.push('POST')
        await new Promise((resolve) => setTimeout(resolve, 20))
        return HttpResponse.json(createdRecord(7))
      }),
      http.patch(RECORD, () => {
        methods.push('PATCH')
        return HttpResponse.json({ id: 7 })
      }),
    )
    await Promise.all([sendFormAnswers(body('1'), fast), sendFormAnswers(body('2'), fast)])
    expect(methods).toEqual(['POST', 'PATCH'])
  })

  it('tries 3 times, succeeding on the third [QN-43]', async () => {
    let tries = 0
    server.use(
      http.post(COLLECTION, () => {
        tries += 1
        return tries < 3 ? new HttpResponse(null, { status: 502 }) : HttpResponse.json(createdRecord(3))
      }),
    )
    await expect(sendFormAnswers(body('1'), fast)).resolves.toBe('3')
    expect(tries).toBe(3)
    expect(pendingFormAnswers()).toBeNull()
  })

  it('rejects with NOT_200_ERRORS after 3 failures and keeps the answers for later [ER-51]', async () => {
    let tries = 0
    server.use(
      http.post(COLLECTION, () => {
        tries += 1
        return HttpResponse.error()
      }),
    )
    const failure = await sendFormAnswers(body('4'), fast).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FormAnswersError)
    expect(failure).toMatchObject({ code: 'NOT_200_ERRORS', status: null })
    expect(tries).toBe(3)
    expect(pendingFormAnswers()).toEqual(body('4'))
  })

  it('counts a send that timed out as a lost connection: tried 3 times, then the answers are kept for later', async () => {
    vi.useFakeTimers()
    let tries = 0
    server.use(
      http.post(COLLECTION, async () => {
        tries += 1
        await delay('infinite')
        return HttpResponse.json(createdRecord(1))
      }),
    )
    const failure = sendFormAnswers(body('4'), fast).catch((error: unknown) => error)
    for (let started = 1; started <= SEND_TRIES; started += 1) {
      await expect.poll(() => tries).toBe(started)
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
    }
    expect(await failure).toMatchObject({ code: 'NOT_200_ERRORS', status: null, transient: true })
    expect(pendingFormAnswers()).toEqual(body('4'))
  })

  it('throws the details.messages of an error envelope and does not keep rejected answers [ER-53]', async () => {
    server.use(
      http.post(COLLECTION, () =>
        HttpResponse.json(
          { err: { code: 'INVALID_ANSWER', message: 'پاسخ نامعتبر', details: { messages: ['bm2_2: unknown option X'] } } },
          { status: 400 },
        ),
      ),
    )
    const failure = (await sendFormAnswers(body('2'), fast).catch((error: unknown) => error)) as FormAnswersError
    expect(failure.code).toBe('NOT_200_ERRORS')
    expect(failure.status).toBe(400)
    expect(failure.messages).toEqual(['bm2_2: unknown option X'])
    expect(failure.message).toBe('bm2_2: unknown option X')
    expect(pendingFormAnswers()).toBeNull()
  })

  it('re-sends the kept answers when the browser is back online (no answer lost)', async () => {
    let online = false
    const received: unknown[] = []
    server.use(
      http.post(COLLECTION, async ({ request }) => {
        if (!online) return HttpResponse.error()
        received.push(await request.json())
        return HttpResponse.json(createdRecord(12))
      }),
    )
    await sendFormAnswers(body('5'), fast).catch(() => undefined)
    expect(pendingFormAnswers()).toEqual(body('5'))
    online = true
    const stop = watchPendingFormAnswers()
    window.dispatchEvent(new Event('online'))
    await expect.poll(() => received.length).toBeGreaterThan(0)
    stop()
    expect(received[0]).toEqual({ ...body('5'), botCheckToken: '' })
    await expect.poll(() => pendingFormAnswers()).toBeNull()
    expect(sessionStorage.getItem('form_answer_id')).toBe('12')
  })

  it('sends nothing when nothing is kept', async () => {
    await expect(resendPendingFormAnswers(fast)).resolves.toBeNull()
  })

  it('sends the bearer token when signed in, so the BFF links the record', async () => {
    localStorage.setItem('token', 'x.eyJzdWIiOiI0MiJ9.y')
    let authorization: string | null = null
    server.use(
      http.post(COLLECTION, ({ request }) => {
        authorization = request.headers.get('Authorization')
        return HttpResponse.json(createdRecord(1))
      }),
    )
    await sendFormAnswers(body('1'), fast)
    expect(authorization).toBe('Bearer x.eyJzdWIiOiI0MiJ9.y')
  })
})
