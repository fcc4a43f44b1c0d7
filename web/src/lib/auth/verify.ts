import { VERIFY_SERVICE } from '@/config/env'
import { api } from '@/lib/api/client'
import { storeToken } from './token'

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
 * Stores and returns the new `lemonadeToken`; null when the server refuses (401: no valid refresh cookie) or is
 * unreachable. Concurrent callers share one request.
 */
export function refreshToken(): Promise<string | null> {
  if (inFlight === null) {
    inFlight = verifyOnce().finally(() => {
      inFlight = null
    })
  }
  return inFlight
}
