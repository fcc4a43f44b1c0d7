import type { Middleware } from 'openapi-fetch'
import { createApiClient } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { goToLogin } from './login-redirect'
import { clearToken, isLoggedIn, readToken } from './token'
import { refreshToken } from './verify'

/** The local failure of an authenticated call made without a token; no request goes out [ER-12]. */
export const MISSING_TOKEN_MESSAGE = 'Please provide auth token!'

export class MissingTokenError extends ApiError {
  constructor() {
    super(0, 'NO_TOKEN', MISSING_TOKEN_MESSAGE)
    this.name = 'MissingTokenError'
  }
}

function withBearer(request: Request, token: string): Request {
  const next = new Request(request)
  next.headers.set('Authorization', `Bearer ${token}`)
  // A form keeps its own type: a multipart one carries the boundary the server splits the parts by, a urlencoded one
  // (the start-date editor) is no JSON. Every other call is JSON.
  const sent = next.headers.get('Content-Type') ?? ''
  if (!sent.startsWith('multipart/form-data') && !sent.startsWith('application/x-www-form-urlencoded')) {
    next.headers.set('Content-Type', 'application/json')
  }
  next.headers.set('Accept', 'application/json')
  return next
}

/** A 401 by HTTP status or by the envelope's `err.code` (spec 1 §4 "Token renewal"). */
async function isUnauthorised(response: Response): Promise<boolean> {
  if (response.status === 401) return true
  if (response.ok) return false
  try {
    const body: unknown = await response.clone().json()
    const err = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).err : undefined
    const code = typeof err === 'object' && err !== null ? (err as Record<string, unknown>).code : undefined
    return String(code) === '401'
  } catch {
    return false
  }
}

/**
 * What a logged-in user's refused renewal does (verify refused):
 * - 'login' (every call but the route guards'): clear the token and go to sign in, `/enter?next=…` [RG-49];
 * - 'return': hand the 401 to the caller without navigating; the route guards then send the user to /logout, whose
 *   page ends the session [RG-23]. (Going to sign in first would leave the guard's own redirect nowhere to land.) The
 *   older package flow stays on its page and says why [ER-55].
 */
export type RefusedRenewal = 'login' | 'return'

export interface AuthenticatedClientOptions {
  baseUrl?: string
  onRefused?: RefusedRenewal
}

/**
 * Middleware of every authenticated call [AU-44, AU-45, RG-23, RG-49, ER-12]:
 * - adds `Authorization: Bearer {token}` and the JSON content type; without a token it fails locally;
 * - on `err.code` 401: not logged in → `/enter?next={current hash}`; logged in → verify for a new token, store it
 *   and retry the original request once. The retry's answer is final (a second 401 is not retried); a refused
 *   verify is handled as `onRefused` says.
 */
export function authMiddleware(onRefused: RefusedRenewal = 'login'): Middleware {
  const originals = new Map<string, Request>()
  return {
    onRequest({ request, id }) {
      const token = readToken()
      if (token === null) throw new MissingTokenError()
      const authorised = withBearer(request, token)
      originals.set(id, authorised.clone())
      return authorised
    },
    async onResponse({ response, id, options }) {
      const original = originals.get(id)
      originals.delete(id)
      if (!(await isUnauthorised(response))) return response
      if (!isLoggedIn() || original === undefined) {
        goToLogin()
        return response
      }
      const token = await refreshToken()
      if (token === null) {
        if (onRefused === 'login') {
          clearToken()
          goToLogin()
        }
        return response
      }
      // The client's own fetch: the retry has the same time limit.
      return options.fetch(withBearer(original, token))
    },
    onError({ id }) {
      originals.delete(id)
    },
  }
}

/** The generated client for calls that need the signed-in user. */
export function createAuthenticatedClient({ baseUrl, onRefused }: AuthenticatedClientOptions = {}) {
  return createApiClient(baseUrl, [authMiddleware(onRefused)])
}

export const authApi = createAuthenticatedClient()
