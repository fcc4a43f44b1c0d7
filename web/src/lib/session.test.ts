import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { SESSION_ID_KEY } from './analytics'
import { ensureSession, SESSION_EDIT_TOKEN_KEY, updateFeatureFlags, utmParamsFrom } from './session'

interface Recorded {
  method: string
  id?: string
  editToken?: string | null
  body: Record<string, unknown>
}

/** A session this tab created earlier: its id and the edit token the create call answered. */
function storeSession(id: string) {
  window.sessionStorage.setItem(SESSION_ID_KEY, id)
  window.sessionStorage.setItem(SESSION_EDIT_TOKEN_KEY, `edit-${id}`)
}

function recordSessions() {
  const calls: Recorded[] = []
  const events: Record<string, unknown>[] = []
  server.use(
    http.post('/lemonade/api/sessions', async ({ request }) => {
      calls.push({ method: 'POST', body: (await request.json()) as Record<string, unknown> })
      return HttpResponse.json({ id: 'new-session', editToken: 'edit-new-session' })
    }),
    http.patch('/lemonade/api/sessions/{id}', async ({ request, params }) => {
      const editToken = request.headers.get('X-Edit-Token')
      calls.push({ method: 'PATCH', id: String(params.id), editToken, body: (await request.json()) as Record<string, unknown> })
      return HttpResponse.json({ id: String(params.id) })
    }),
    http.post('/lemonade/api/analytics', async ({ request }) => {
      events.push((await request.json()) as Record<string, unknown>)
      return HttpResponse.json({ id: 'e' })
    }),
  )
  return { calls, events }
}

const query = (text: string) => new URLSearchParams(text)

describe('utm parameters', () => {
  it('camelCases the utm fields of the URL [AU-35]', () => {
    expect(utmParamsFrom(query('utm_source=google&utm_medium=cpc&utm_campaign=spring&x=1'))).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
    })
  })
})

describe('start-up session', () => {
  it('creates a session with the utm params, meta and user id and stores its id under sessId [AU-35]', async () => {
    signIn({ sub: '31' })
    window.sessionStorage.setItem('productsTag', 'KONKUR')
    const { calls } = recordSessions()
    await expect(ensureSession({ search: query('utm_source=google&utm_term=diet') })).resolves.toBe('created')
    expect(calls).toEqual([
      {
        method: 'POST',
        body: { utmSource: 'google', utmTerm: 'diet', meta: { productsTag: 'KONKUR' }, userId: '31', botCheckToken: '' },
      },
    ])
    expect(window.sessionStorage.getItem(SESSION_ID_KEY)).toBe('new-session')
    expect(window.sessionStorage.getItem(SESSION_EDIT_TOKEN_KEY)).toBe('edit-new-session')
  })

  it('makes no call for an existing session when the URL params did not change [AU-36]', async () => {
    const { calls } = recordSessions()
    await ensureSession({ search: query('utm_source=google') })
    await expect(ensureSession({ search: query('utm_source=google') })).resolves.toBe('unchanged')
    await expect(ensureSession({ search: query('') })).resolves.toBe('unchanged')
    expect(calls.map((call) => call.method)).toEqual(['POST'])
  })

  it('patches an existing session when the URL params changed [AU-36]', async () => {
    const { calls } = recordSessions()
    await ensureSession({ search: query('utm_source=google') })
    await expect(ensureSession({ search: query('utm_source=instagram') })).resolves.toBe('patched')
    expect(calls[1]).toMatchObject({
      method: 'PATCH',
      id: 'new-session',
      editToken: 'edit-new-session',
      body: { utmSource: 'instagram' },
    })
  })

  it('creates a new session when the stored one has no edit token to patch it with', async () => {
    window.sessionStorage.setItem(SESSION_ID_KEY, 'made-before-edit-tokens')
    const { calls } = recordSessions()
    await expect(ensureSession({ search: query('utm_source=google') })).resolves.toBe('created')
    expect(calls.map((call) => call.method)).toEqual(['POST'])
    expect(window.sessionStorage.getItem(SESSION_ID_KEY)).toBe('new-session')
  })

  it('patches an existing session when forced [AU-36]', async () => {
    storeSession('old')
    const { calls } = recordSessions()
    await expect(ensureSession({ search: query(''), force: true })).resolves.toBe('patched')
    expect(calls).toMatchObject([{ method: 'PATCH', id: 'old', editToken: 'edit-old' }])
  })

  it('reports create_session and rethrows when creating fails [AU-37]', async () => {
    const { events } = recordSessions()
    server.use(http.post('/lemonade/api/sessions', () => HttpResponse.json(errorBody('500', 'خرابی'), { status: 500 })))
    await expect(ensureSession({ search: query('') })).rejects.toThrow('خرابی')
    expect(events).toMatchObject([{ action: 'create_session', category: 'error' }])
    expect(window.sessionStorage.getItem(SESSION_ID_KEY)).toBeNull()
  })

  it('counts an err in a 200 body as a failed create [AU-37]', async () => {
    const { events } = recordSessions()
    server.use(http.post('/lemonade/api/sessions', () => HttpResponse.json(errorBody('500') as never)))
    await expect(ensureSession({ search: query('') })).rejects.toThrow('خطا')
    expect(events).toMatchObject([{ action: 'create_session' }])
  })

  it('reports patch_session and rethrows when patching fails [AU-37]', async () => {
    storeSession('old')
    const { events } = recordSessions()
    server.use(
      http.patch('/lemonade/api/sessions/{id}', () => HttpResponse.json(errorBody('404', 'نیست'), { status: 404 })),
    )
    await expect(ensureSession({ search: query(''), force: true })).rejects.toThrow('نیست')
    expect(events).toMatchObject([{ action: 'patch_session', category: 'error' }])
  })

  it('writes changed feature flags to session storage and patches them onto the session [AU-38]', async () => {
    storeSession('old')
    const { calls } = recordSessions()
    await updateFeatureFlags({ sendToPanel: 'false' })
    expect(window.sessionStorage.getItem('sendToPanel')).toBe('false')
    expect(calls).toMatchObject([{ method: 'PATCH', id: 'old', body: { meta: { sendToPanel: 'false' } } }])
  })
})
