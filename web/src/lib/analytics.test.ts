import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { signIn } from '@/testing/auth'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { sendAnalyticsEvent, SESSION_ID_KEY } from './analytics'

describe('analytics', () => {
  it('sends action, category, label, user id, service, IRR meta and the session id [AU-48, AU-53]', async () => {
    signIn({ sub: '8' })
    window.sessionStorage.setItem(SESSION_ID_KEY, 's-1')
    const bodies: unknown[] = []
    server.use(
      http.post('/lemonade/api/analytics', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ id: 'e' })
      }),
    )
    await sendAnalyticsEvent({ action: 'get_otp', category: 'click', label: 'ENTER_MOBILE' })
    expect(bodies).toEqual([
      {
        action: 'get_otp',
        category: 'click',
        label: 'ENTER_MOBILE',
        userId: '8',
        service: 'LIMOO_SHOP',
        meta: { currency: 'IRR' },
        sessionId: 's-1',
        botCheckToken: '',
      },
    ])
  })

  it('only logs a failed analytics call [AU-48]', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.post('/lemonade/api/analytics', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    await expect(sendAnalyticsEvent({ action: 'x', category: 'click' })).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalled()
  })
})
