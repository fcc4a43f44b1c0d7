import { VERIFY_SERVICE } from '@/config/env'
import { api } from '@/lib/api/client'
import { adoptLemonadeTokenCookie, isLoggedIn, storeToken } from './token'

let inFlight: Promise<string | null> | null = null

async function verifyOnce(): Promise<string | null> {
  try {
    const { data } = await api.GET('/auth/verify-lemonade', {
      params: { query: { service: VERIFY_SERVICE } },
      // The refresh cookie is HttpOnly: only the browser can send it.
      credentials: 'include',
    })
    if (!data?.lemonadeToken) return null
    storeToken(data.lemonadeToken)
    return data.lemonadeToken
  } catch (error) {
    console.warn('token verify failed', error)
    return null
  }
}

/**
 * The token refresh [AU-41, AU-45]: `GET /auth/verify-lemonade?service=LIMOO_shop` with the HttpOnly refresh cookie.
 * Stores and returns the new `lemonadeToken`; null when there is nothing to renew (204: no refresh cookie, the
 * anonymous visitor's normal answer, which leaves the console clean), when the server refuses (401: an unknown,
 * expired or revoked cookie) or is unreachable. Concurrent callers share one request.
 */
export function refreshToken(): Promise<string | null> {
  if (inFlight === null) {
    inFlight = verifyOnce().finally(() => {
      inFlight = null
    })
  }
  return inFlight
}

let startupCheck: Promise<void> | null = null

/**
 * The start-up token check, once per page load [AU-40…AU-42]: copy a `lemonadeToken` cookie; without a valid token,
 * call verify once for a new one. Start-up and the login guards share it, so a returning customer whose token expired
 * (or who holds the cookie) is signed in before a guard decides, and verify still runs only once.
 */
export function ensureTokenChecked(): Promise<void> {
  startupCheck ??= (async () => {
    adoptLemonadeTokenCookie()
    if (!isLoggedIn()) await refreshToken()
  })()
  return startupCheck
}

/** Forgets the check, as a new page load would (tests). */
export function resetTokenCheck(): void {
  startupCheck = null
}
