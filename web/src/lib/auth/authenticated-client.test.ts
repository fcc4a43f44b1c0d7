import { HttpResponse, delay } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { makeToken, signIn } from '@/testing/auth'
import { errorBody } from '@/testing/handlers'
import { REQUEST_TIMEOUT_MS } from '@/config/env'
import { RequestTimeoutError } from '@/lib/api/timeout'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { authApi, createAuthenticatedClient, MISSING_TOKEN_MESSAGE } from './authenticated-client'
import { TOKEN_KEY } from './token'

function recordCanBuyDiet(answers: Array<() => Response>) {
  const seen: { authorization: string | null; contentType: string | null }[] = []
  server.use(
    http.get('/lemonade/api/can-buy-diet', ({ request }) => {
      seen.push({ authorization: request.headers.get('authorization'), contentType: request.headers.get('content-type') })
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)]
      return (answer ? answer() : HttpResponse.json({ canBuyDiet: true })) as never
    }),
  )
  return seen
}

function recordVerify(answer: () => Response) {
  const calls: string[] = []
  server.use(
    http.get('/auth/verify-lemonade', ({ request }) => {
      calls.push(new URL(request.url).searchParams.get('service') ?? '')
      return answer() as never
    }),
  )
  return calls
}

const unauthorised = () => HttpResponse.json(errorBody('401'), { status: 401 })
const ok = () => HttpResponse.json({ canBuyDiet: false })

describe('authenticated calls', () => {
  it('send the bearer token and a JSON content type [AU-44]', async () => {
    const token = signIn()
    const seen = recordCanBuyDiet([ok])
    const { data } = await authApi.GET('/lemonade/api/can-buy-diet')
    expect(data).toEqual({ canBuyDiet: false })
    expect(seen).toEqual([{ authorization: `Bearer ${token}`, contentType: 'application/json' }])
  })

  it('keep a multipart form its own content type, boundary included', async () => {
    signIn()
    const seen: (string | null)[] = []
    server.use(
      http.post('/cancelpromotion', async ({ request }) => {
        seen.push(request.headers.get('content-type'))
        const form = await request.formData()
        seen.push(String(form.get('usedDiscountId')))
        return HttpResponse.json(errorBody('404'), { status: 404 }) as never
      }),
    )
    const body = new FormData()
    body.append('usedDiscountId', '9')
    await authApi.POST('/cancelpromotion', { body: { usedDiscountId: 9 }, bodySerializer: () => body })
    expect(seen[0]).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen[1]).toBe('9')
  })

  it('fail locally without a token and send nothing [ER-12]', async () => {
    const seen = recordCanBuyDiet([ok])
    await expect(authApi.GET('/lemonade/api/can-buy-diet')).rejects.toThrow(MISSING_TOKEN_MESSAGE)
    expect(seen).toHaveLength(0)
  })

  it('fail without a token before any bot check is asked [ER-12, AU-47]', async () => {
    const execute = vi.fn<() => Promise<string>>(() => new Promise<string>(() => undefined))
    Object.assign(window, { grecaptcha: { execute }, botCheckSiteKey: 'site-key' })
    try {
      await expect(authApi.POST('/lemonade/api/orders', { body: { productIds: [101], service: 'LIMOO_SHOP' } as never })).rejects.toThrow(
        MISSING_TOKEN_MESSAGE,
      )
      expect(execute).not.toHaveBeenCalled()
    } finally {
      const globals = window as unknown as Record<string, unknown>
      delete globals.grecaptcha
      delete globals.botCheckSiteKey
    }
  })

  it('renew the token by verify and retry once on a 401 [AU-45]', async () => {
    signIn({ sub: '5' })
    const renewed = makeToken({ sub: '5', expiresIn: 600 })
    const seen = recordCanBuyDiet([unauthorised, ok])
    const verify = recordVerify(() => HttpResponse.json({ lemonadeToken: renewed }))
    const { data } = await authApi.GET('/lemonade/api/can-buy-diet')
    expect(data).toEqual({ canBuyDiet: false })
    expect(verify).toEqual(['LIMOO_shop'])
    expect(seen).toHaveLength(2)
    expect(seen[1]?.authorization).toBe(`Bearer ${renewed}`)
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(renewed)
  })

  it('give the retry after a renewal the same time limit as every call', async () => {
    vi.useFakeTimers()
    signIn()
    let calls = 0
    server.use(
      http.get('/lemonade/api/can-buy-diet', async () => {
        calls += 1
        if (calls === 1) return unauthorised() as never
        await delay('infinite')
        return ok() as never
      }),
    )
    recordVerify(() => HttpResponse.json({ lemonadeToken: makeToken({ expiresIn: 600 }) }))
    const failure = authApi.GET('/lemonade/api/can-buy-diet').catch((error: unknown) => error)
    await expect.poll(() => calls).toBe(2)
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
    expect(await failure).toBeInstanceOf(RequestTimeoutError)
  })

  it('do not retry a second 401 [AU-45]', async () => {
    signIn()
    const seen = recordCanBuyDiet([unauthorised, unauthorised, ok])
    const verify = recordVerify(() => HttpResponse.json({ lemonadeToken: makeToken() }))
    const { error, response } = await authApi.GET('/lemonade/api/can-buy-diet')
    expect(response.status).toBe(401)
    expect(error).toEqual(errorBody('401'))
    expect(seen).toHaveLength(2)
    expect(verify).toHaveLength(1)
  })

  it('send a visitor who is no longer logged in to /enter with the current hash [RG-49]', async () => {
    signIn()
    window.location.hash = '#/checkout-new?orderId=5'
    server.use(
      http.get('/lemonade/api/can-buy-diet', () => {
        window.localStorage.removeItem(TOKEN_KEY)
        return unauthorised() as never
      }),
    )
    const verify = recordVerify(() => HttpResponse.json({ lemonadeToken: makeToken() }))
    await authApi.GET('/lemonade/api/can-buy-diet')
    expect(verify).toHaveLength(0)
    expect(window.location.hash).toBe(`#/enter?next=${encodeURIComponent('/checkout-new?orderId=5')}`)
  })

  it('treat an err.code 401 in the envelope like the status', async () => {
    signIn()
    const renewed = makeToken({ expiresIn: 300 })
    recordCanBuyDiet([() => HttpResponse.json(errorBody('401'), { status: 403 }), ok])
    const verify = recordVerify(() => HttpResponse.json({ lemonadeToken: renewed }))
    const { data } = await authApi.GET('/lemonade/api/can-buy-diet')
    expect(verify).toHaveLength(1)
    expect(data).toEqual({ canBuyDiet: false })
  })

  it('clear the token and ask for sign-in when verify refuses [RG-49]', async () => {
    signIn()
    window.location.hash = '#/user-panel'
    recordCanBuyDiet([unauthorised])
    recordVerify(unauthorised)
    const { response } = await authApi.GET('/lemonade/api/can-buy-diet')
    expect(response.status).toBe(401)
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(window.location.hash).toBe(`#/enter?next=${encodeURIComponent('/user-panel')}`)
  })
})

describe("a route guard's client (onRefused: 'return')", () => {
  const guardApi = createAuthenticatedClient({ onRefused: 'return' })

  it('hands a refused renewal back as the 401 without navigating or clearing the token [RG-23]', async () => {
    const token = signIn()
    window.location.hash = '#/select-package-c'
    const seen = recordCanBuyDiet([unauthorised])
    const verify = recordVerify(unauthorised)
    const { error, response } = await guardApi.GET('/lemonade/api/can-buy-diet')
    expect(response.status).toBe(401)
    expect(error).toEqual(errorBody('401'))
    expect(verify).toHaveLength(1)
    expect(seen).toHaveLength(1)
    expect(window.location.hash).toBe('#/select-package-c')
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token)
  })

  it('still renews and retries once [AU-45]', async () => {
    signIn()
    const renewed = makeToken({ expiresIn: 600 })
    const seen = recordCanBuyDiet([unauthorised, ok])
    recordVerify(() => HttpResponse.json({ lemonadeToken: renewed }))
    const { data } = await guardApi.GET('/lemonade/api/can-buy-diet')
    expect(data).toEqual({ canBuyDiet: false })
    expect(seen[1]?.authorization).toBe(`Bearer ${renewed}`)
  })

  it('still sends a visitor who is not logged in to /enter with the current hash [RG-49]', async () => {
    signIn()
    window.location.hash = '#/select-package-c'
    server.use(
      http.get('/lemonade/api/can-buy-diet', () => {
        window.localStorage.removeItem(TOKEN_KEY)
        return unauthorised() as never
      }),
    )
    await guardApi.GET('/lemonade/api/can-buy-diet')
    expect(window.location.hash).toBe(`#/enter?next=${encodeURIComponent('/select-package-c')}`)
  })
})
