import { storeToken } from '@/lib/auth'

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

interface TokenOptions {
  sub?: string
  /** Seconds from now until exp; negative for an expired token. */
  expiresIn?: number
}

/** An unsigned JWT with sub, iat and exp, shaped like the BFF's lemonadeToken (the web never checks signatures). */
export function makeToken({ sub = '42', expiresIn = 900 }: TokenOptions = {}): string {
  const now = Math.floor(Date.now() / 1000)
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const payload = base64Url(JSON.stringify({ sub, iat: now, exp: now + expiresIn }))
  return `${header}.${payload}.signature`
}

/** Stores a valid token: the visitor counts as signed in. */
export function signIn(options: TokenOptions = {}): string {
  const token = makeToken(options)
  storeToken(token)
  return token
}
