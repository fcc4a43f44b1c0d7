import { HttpResponse, delay } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_TIMEOUT_MS } from '@/config/env'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { api } from './client'
import { ApiError, apiMessageOr } from './errors'
import { RequestTimeoutError } from './timeout'

const CONFIG = '/lemonade/api/app-config'

afterEach(() => {
  vi.useRealTimers()
})

/** The call's failure once `ms` have passed, or 'pending' when it has not settled by then. */
async function outcomeAfter(call: Promise<unknown>, ms: number): Promise<unknown> {
  const outcome = call.then(
    () => 'answered',
    (failure: unknown) => failure,
  )
  await vi.advanceTimersByTimeAsync(ms)
  return Promise.race([outcome, Promise.resolve('pending')])
}

describe('API call time limit', () => {
  it('fails a call with no answer after REQUEST_TIMEOUT_MS as a lost connection does: a TypeError, not an ApiError', async () => {
    vi.useFakeTimers()
    server.use(http.get(CONFIG, async () => {
      await delay('infinite')
      return HttpResponse.json({ paymentGateways: [] })
    }))
    const call = api.GET(CONFIG)
    expect(await outcomeAfter(call, REQUEST_TIMEOUT_MS - 1)).toBe('pending')
    const failure = await outcomeAfter(call, 1)
    expect(failure).toBeInstanceOf(RequestTimeoutError)
    expect(failure).toBeInstanceOf(TypeError)
    expect(failure).not.toBeInstanceOf(ApiError)
    expect(apiMessageOr(failure, 'خطای شبکه')).toBe('خطای شبکه')
  })

  it("keeps the caller's own abort an abort (a cancelled query is not a failure)", async () => {
    server.use(http.get(CONFIG, async () => {
      await delay('infinite')
      return HttpResponse.json({ paymentGateways: [] })
    }))
    const controller = new AbortController()
    const call = api.GET(CONFIG, { signal: controller.signal })
    controller.abort()
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
  })
})
