import { ensureSession } from '@/lib/session'
import { ensureTokenChecked } from '@/lib/auth'
import { keepReferral } from '@/lib/referral'

/** Start-up auth state (spec 1 §4). */
export type StartupState = 'IDLE' | 'PENDING' | 'SUCCESS' | 'FAIL'

/**
 * App start-up (spec 1 §4 "Start-up and sessions"): copy a lemonadeToken cookie [AU-42]; without a valid token call
 * verify once, a refusal (401) being the normal anonymous case [AU-40, AU-41]; then create or patch the session with
 * the utm parameters of the address [AU-35, AU-36]. A session failure has been reported by ensureSession and is
 * rethrown to the caller [AU-37]. A `referral` code before the hash (`/?referral=…#/`), which the router never
 * sees, is kept here.
 */
export async function startUp(search: URLSearchParams): Promise<StartupState> {
  keepReferral(search)
  await ensureTokenChecked()
  await ensureSession({ search })
  return 'SUCCESS'
}

/** The query of the app's address: the hash router's (#/path?query) or the page's own. */
export function startupSearch(location: Location = window.location): URLSearchParams {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : ''
  const search = new URLSearchParams(location.search)
  for (const [key, value] of new URLSearchParams(hashQuery)) search.set(key, value)
  return search
}
