/**
 * The sign-in token (spec 1 §3, §4, §6): a JWT kept in local storage under `token`.
 *
 * The user is logged in exactly when a token is stored and its `exp` claim is still in the future [AU-39, AU-40].
 * An expired token counts as absent (DECISIONS "Sign-in"): reading it removes it, so start-up calls verify once.
 * A `lemonadeToken` cookie, when present, is copied into local storage [AU-42]. The user id is `sub` [AU-43].
 */
export const TOKEN_KEY = 'token'
export const LEMONADE_TOKEN_COOKIE = 'lemonadeToken'

export interface TokenClaims {
  sub?: string
  exp?: number
  iat?: number
}

type Listener = () => void
const listeners = new Set<Listener>()

function local(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

function notify() {
  for (const listener of listeners) listener()
}

/** Called whenever the stored token changes (sign-in, refresh, logout); returns the unsubscribe function. */
export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/** The claims of a JWT, or null when it is not a readable JWT. The signature is the server's business. */
export function decodeToken(token: string): TokenClaims | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload))
    if (typeof claims !== 'object' || claims === null) return null
    const record = claims as Record<string, unknown>
    return {
      ...(typeof record.sub === 'string' || typeof record.sub === 'number' ? { sub: String(record.sub) } : {}),
      ...(typeof record.exp === 'number' ? { exp: record.exp } : {}),
      ...(typeof record.iat === 'number' ? { iat: record.iat } : {}),
    }
  } catch {
    return null
  }
}

/** Expired when unreadable or when `exp` (seconds) is not after `now` (milliseconds). A token without exp never expires. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const claims = decodeToken(token)
  if (claims === null) return true
  return claims.exp !== undefined && claims.exp * 1000 <= now
}

/** The stored token if it is still valid; an expired or unreadable one is removed and counts as absent. */
export function readToken(): string | null {
  const token = local()?.getItem(TOKEN_KEY) ?? null
  if (token === null || token === '') return null
  if (isTokenExpired(token)) {
    local()?.removeItem(TOKEN_KEY)
    notify()
    return null
  }
  return token
}

/**
 * `Authorization: Bearer {token}` while a valid token is stored, else no header: for calls open to everyone that
 * still carry the signed-in user's identity (the product list [PM-84], form answers [QN-41]).
 */
export function optionalBearer(): Record<string, string> {
  const token = readToken()
  return token === null ? {} : { Authorization: `Bearer ${token}` }
}

export function storeToken(token: string): void {
  local()?.setItem(TOKEN_KEY, token)
  notify()
}

export function clearToken(): void {
  local()?.removeItem(TOKEN_KEY)
  notify()
}

/** Logged in exactly when a valid token is stored [AU-39]. */
export function isLoggedIn(): boolean {
  return readToken() !== null
}

/** The signed-in user's id: the token's `sub` claim [AU-43]. */
export function currentUserId(): string | undefined {
  const token = readToken()
  return token === null ? undefined : decodeToken(token)?.sub
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim()
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length))
  }
  return null
}

/** Copies a readable `lemonadeToken` cookie into local storage [AU-42]; true when one was copied. */
export function adoptLemonadeTokenCookie(): boolean {
  const value = readCookie(LEMONADE_TOKEN_COOKIE)
  if (!value || isTokenExpired(value)) return false
  storeToken(value)
  return true
}
