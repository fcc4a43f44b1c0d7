import { href, paths } from '@/config/paths'

/**
 * A franchise member's invite link: the shop's address at the sign-in route with `?referral=CODE`
 * (`https://shop/#/enter?referral=K7QM2D`). Any route opened with the parameter keeps the code; the sign-in popup
 * sends it as check-mobile's `referral`, and a sign-in clears it.
 *
 * Kept in local storage, not session storage, for a week: an invite is often opened in a messaging app's in-app
 * browser or a tab closed before signing up, and the visitor coming back later from the same browser should still
 * count as the member's invitation. The week bounds how long a shared device carries someone's code.
 */
export const REFERRAL_PARAM = 'referral'

/** Local storage key of the kept code and when it was kept: `{"code":"K7QM2D","at":1700000000000}`. */
export const REFERRAL_KEY = 'limooReferral'

export const REFERRAL_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** The BFF's code shape (`domain::franchise`): 6 characters, letters and digits that cannot be misread. */
const CODE_SHAPE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/

/** The code as a link or a person writes it (spaces around, lower case forgiven); undefined for anything else. */
export function referralCode(raw: string | null | undefined): string | undefined {
  // The length check first: a long junk value is never copied or upper-cased.
  const trimmed = raw?.trim() ?? ''
  if (trimmed.length !== 6) return undefined
  const code = trimmed.toUpperCase()
  return CODE_SHAPE.test(code) ? code : undefined
}

function local(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** Keeps the query's referral code, replacing an older one: the latest invite wins. Junk is ignored. */
export function keepReferral(search: URLSearchParams, now: number = Date.now()): void {
  const code = referralCode(search.get(REFERRAL_PARAM))
  if (code === undefined) return
  try {
    local()?.setItem(REFERRAL_KEY, JSON.stringify({ code, at: now }))
  } catch {
    // Storage full or refused (private mode): the visit simply carries no referral.
  }
}

/** The kept code, unless it is older than a week or was tampered into something else. */
export function keptReferral(now: number = Date.now()): string | undefined {
  const stored = local()?.getItem(REFERRAL_KEY)
  if (stored === null || stored === undefined) return undefined
  try {
    const { code, at } = JSON.parse(stored) as { code?: unknown; at?: unknown }
    if (typeof code === 'string' && typeof at === 'number' && now - at <= REFERRAL_TTL_MS) return referralCode(code)
  } catch {
    // Not ours: forgotten below.
  }
  forgetReferral()
  return undefined
}

/** After a sign-in: the code has done its work (or cannot, for a registered number). */
export function forgetReferral(): void {
  local()?.removeItem(REFERRAL_KEY)
}

/** The member's invite link on this shop's address. */
export function referralLink(code: string, location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  const query = new URLSearchParams({ [REFERRAL_PARAM]: code })
  return `${location.origin}${location.pathname}${href(paths.enter)}?${query.toString()}`
}
