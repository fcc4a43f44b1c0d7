import { HttpResponse } from 'msw'
import type { Middleware } from 'openapi-fetch'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { botCheckAction, botCheckMiddleware, botCheckToken } from './bot-check'
import { createApiClient } from './client'

const CHECK_MOBILE_URL = 'http://localhost/lemonade/api/check-mobile'

type Grecaptcha = { ready?: (callback: () => void) => void; execute: (key: string, options: { action: string }) => unknown }

function installScript(execute: Grecaptcha['execute'], siteKey = 'site-key') {
  const script: Grecaptcha = { ready: (callback) => callback(), execute: vi.fn<Grecaptcha['execute']>(execute) }
  Object.assign(window, { grecaptcha: script, botCheckSiteKey: siteKey })
  return script
}

afterEach(() => {
  const globals = window as unknown as Record<string, unknown>
  delete globals.grecaptcha
  delete globals.botCheckSiteKey
  vi.useRealTimers()
})

/** Runs the middleware's onRequest as openapi-fetch would and gives back the request that goes out. */
async function sent(request: Request): Promise<Request> {
  const onRequest = botCheckMiddleware().onRequest as NonNullable<Middleware['onRequest']>
  const result = await onRequest({ request, schemaPath: '', params: {}, options: {} as never, id: '1' })
  return result instanceof Request ? result : request
}

function jsonPost(body: unknown): Request {
  return new Request(CHECK_MOBILE_URL, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
}

describe('bot-check token [AU-47]', () => {
  it('is added to a JSON body, from the script with the site key and the path as action', async () => {
    const script = installScript(async () => 'tok-123')
    const out = await sent(jsonPost({ mobileNumber: '9121234567' }))
    expect(await out.json()).toEqual({ mobileNumber: '9121234567', botCheckToken: 'tok-123' })
    expect(out.headers.get('Content-Type')).toBe('application/json')
    expect(script.execute).toHaveBeenCalledWith('site-key', { action: '/lemonade/api/check_mobile' })
  })

  it('is appended to a urlencoded form body', async () => {
    installScript(async () => 'tok-123')
    const request = new Request(CHECK_MOBILE_URL, { method: 'POST', body: new URLSearchParams({ a: '1' }) })
    const out = await sent(request)
    expect(await out.text()).toBe('a=1&botCheckToken=tok-123')
    expect(out.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded')
  })

  it('is appended to a multipart body, under a matching boundary', async () => {
    installScript(async () => 'tok-123')
    const boundary = 'limoo-boundary'
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--\r\n`
    const request = new Request(CHECK_MOBILE_URL, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    })
    const form = await (await sent(request)).formData()
    expect([...form.entries()]).toEqual([
      ['a', '1'],
      ['botCheckToken', 'tok-123'],
    ])
  })

  it('is sent empty when the page has no bot-check script', async () => {
    const out = await sent(jsonPost({ a: 1 }))
    expect(await out.json()).toEqual({ a: 1, botCheckToken: '' })
  })

  it('is sent empty without a site key, and the script is not asked', async () => {
    const script = installScript(async () => 'tok-123', '')
    expect(await botCheckToken('/x')).toBe('')
    expect(script.execute).not.toHaveBeenCalled()
  })

  it('is sent empty when the script throws', async () => {
    installScript(() => {
      throw new Error('recaptcha failed')
    })
    const out = await sent(jsonPost({ a: 1 }))
    expect(await out.json()).toEqual({ a: 1, botCheckToken: '' })
  })

  it('is sent empty when the script takes longer than the timeout', async () => {
    vi.useFakeTimers()
    installScript(() => new Promise(() => {}))
    const token = botCheckToken('/x', 2_000)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await token).toBe('')
  })

  it('leaves GET, bodiless POSTs and non-object JSON untouched', async () => {
    installScript(async () => 'tok-123')
    const get = new Request(CHECK_MOBILE_URL)
    expect(await sent(get)).toBe(get)
    const bodiless = new Request(CHECK_MOBILE_URL, { method: 'POST' })
    expect(await sent(bodiless)).toBe(bodiless)
    const list = jsonPost([1, 2])
    expect(await sent(list)).toBe(list)
  })

  it('goes out with every POST of the generated client', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('/auth/check-mobile', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ isRegistered: true, authenticationType: 'sms' }) as never
      }),
    )
    await createApiClient().POST('/auth/check-mobile', { body: { mobileNumber: '9121234567', countryId: 98 } })
    expect(bodies).toEqual([{ mobileNumber: '9121234567', countryId: 98, botCheckToken: '' }])
  })

  it('names the action by the path only', () => {
    expect(botCheckAction('http://localhost/auth/verify-mobile?x=1')).toBe('/auth/verify_mobile')
  })
})
