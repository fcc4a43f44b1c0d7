import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { createdRecord } from '../components/quiz-test-helpers'
import { betterme } from '../forms'
import { NOT_200_ERRORS } from './form-answers'
import { sendStepAnswers } from './send-answers'
import { sendStatus, setSendStatus } from './send-status'

const answers = { bm2_1: { value: 'FEMALE', questionName: 'bm2_1' } }

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  setSendStatus({ state: 'idle' })
})

describe('the send status of a step names the failure code [ER-51]', () => {
  it('a refused send (status 400) is rejected with NOT_200_ERRORS and the server messages', async () => {
    server.use(
      http.post('/lemonade/api/formAnswers', () =>
        HttpResponse.json({ err: { code: '400', message: 'bad', details: { messages: ['bm2_1: نادرست'] } } }, { status: 400 }),
      ),
    )
    await sendStepAnswers(betterme, '1', answers, '')
    expect(sendStatus()).toEqual({ state: 'rejected', code: NOT_200_ERRORS, messages: ['bm2_1: نادرست'] })
  })

  it('a send without an answer from the server is kept, with NOT_200_ERRORS', async () => {
    server.use(http.post('/lemonade/api/formAnswers', () => HttpResponse.error()))
    await sendStepAnswers(betterme, '1', answers, '')
    expect(sendStatus()).toEqual({ state: 'kept', code: NOT_200_ERRORS })
  })

  it('a send refused for coming too often (429) is kept for later, not rejected', async () => {
    server.use(
      http.post('/lemonade/api/formAnswers', () =>
        HttpResponse.json({ err: { code: '429', message: 'later', details: { messages: ['try again in 2 s'] } } }, { status: 429 }),
      ),
    )
    await sendStepAnswers(betterme, '1', answers, '')
    expect(sendStatus()).toEqual({ state: 'kept', code: NOT_200_ERRORS })
  })

  it('a successful send leaves the status idle', async () => {
    server.use(http.post('/lemonade/api/formAnswers', () => HttpResponse.json(createdRecord(5))))
    setSendStatus({ state: 'kept', code: NOT_200_ERRORS })
    await sendStepAnswers(betterme, '1', answers, '')
    expect(sendStatus()).toEqual({ state: 'idle' })
  })
})
