import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { api } from './client'
import { LegacyCallError, legacyMsg } from './legacy'

async function logoutAnswer(answer: () => Response) {
  server.use(http.post('/app/auth/logout', () => answer() as never))
  return legacyMsg(await api.POST('/app/auth/logout'))
}

async function failureOf(answer: () => Response): Promise<LegacyCallError> {
  const failure: unknown = await logoutAnswer(answer).catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(LegacyCallError)
  return failure as LegacyCallError
}

describe('the older calls envelope [ER-13]', () => {
  it('gives the msg of a success', async () => {
    await expect(logoutAnswer(() => HttpResponse.json({ status: 'success', msg: 'logged out' }))).resolves.toBe('logged out')
  })

  it('turns a non-200 status into an error with that code, a message and null details', async () => {
    const failure = await failureOf(() => new HttpResponse('<html>down</html>', { status: 503, statusText: 'Service Unavailable' }))
    expect(failure).toMatchObject({ code: '503', message: 'Service Unavailable', details: null })
  })

  it('keeps the Persian msg the BFF sends with a failing status', async () => {
    const failure = await failureOf(() => HttpResponse.json({ status: 'error', msg: 'شماره تلفن صحیح وارد نشده است', code: 'INVALID_MOBILE' }, { status: 400 }))
    expect(failure).toMatchObject({ code: '400', message: 'شماره تلفن صحیح وارد نشده است', details: null })
  })

  it('treats a 200 whose status is error as a failure carrying its msg', async () => {
    const failure = await failureOf(() => HttpResponse.json({ status: 'error', msg: 'session not found' }))
    expect(failure).toMatchObject({ code: 'error', message: 'session not found', details: null })
  })

  it('counts a 2xx other than 200 as a failure too', async () => {
    const failure = await failureOf(() => new HttpResponse(null, { status: 204 }))
    expect(failure.code).toBe('204')
  })
})
