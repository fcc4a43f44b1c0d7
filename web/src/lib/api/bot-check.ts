import type { Middleware } from 'openapi-fetch'
import { BOT_CHECK_TIMEOUT_MS, botCheckSiteKey } from '@/config/env'

/** The body field that carries the bot-check token in every JSON or form POST [AU-47]. */
export const BOT_CHECK_FIELD = 'botCheckToken'

/** The part of reCAPTCHA v3's `window.grecaptcha` the app uses. */
interface BotCheckScript {
  ready?: (callback: () => void) => void
  execute: (siteKey: string, options: { action: string }) => PromiseLike<unknown>
}

function botCheckScript(): BotCheckScript | undefined {
  const candidate: unknown = (window as unknown as Record<string, unknown>).grecaptcha
  if (typeof candidate !== 'object' || candidate === null) return undefined
  return typeof (candidate as BotCheckScript).execute === 'function' ? (candidate as BotCheckScript) : undefined
}

/** The request's path as a reCAPTCHA action, which allows only letters, digits, slashes and underscores. */
export function botCheckAction(url: string): string {
  return new URL(url).pathname.replace(/[^A-Za-z0-9/_]/g, '_')
}

async function askScript(script: BotCheckScript, siteKey: string, action: string): Promise<string> {
  const { ready } = script
  if (ready !== undefined) await new Promise<void>((resolve) => ready.call(script, resolve))
  const token = await script.execute(siteKey, { action })
  return typeof token === 'string' ? token : ''
}

/**
 * The bot-check token for `action`; '' when the page has no script or no site key, or the script throws or takes
 * longer than `timeoutMs`, so the request still goes out [AU-47].
 */
export async function botCheckToken(action: string, timeoutMs: number = BOT_CHECK_TIMEOUT_MS): Promise<string> {
  const script = botCheckScript()
  const siteKey = botCheckSiteKey()
  if (script === undefined || siteKey === '') return ''
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(''), timeoutMs)
  })
  try {
    return await Promise.race([askScript(script, siteKey, action).catch(() => ''), late])
  } finally {
    clearTimeout(timer)
  }
}

type AddToken = (token: string) => Request

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** How to add the token to this request's body, or undefined when it has no JSON object or form body to carry one. */
async function tokenCarrier(request: Request): Promise<AddToken | undefined> {
  if (request.method !== 'POST' || request.body === null) return undefined
  const type = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  if (type === 'application/json') {
    let body: unknown
    try {
      body = JSON.parse(await request.clone().text())
    } catch {
      return undefined
    }
    if (!isPlainObject(body)) return undefined
    return (token) => new Request(request, { body: JSON.stringify({ ...body, [BOT_CHECK_FIELD]: token }) })
  }
  if (type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(await request.clone().text())
    return (token) => {
      form.append(BOT_CHECK_FIELD, token)
      return new Request(request, { body: form.toString() })
    }
  }
  if (type === 'multipart/form-data') {
    const form = await request.clone().formData()
    // The rebuilt body has a new boundary: the old Content-Type must go so the new one is set.
    const headers = new Headers(request.headers)
    headers.delete('Content-Type')
    return (token) => {
      form.append(BOT_CHECK_FIELD, token)
      return new Request(request, { body: form, headers })
    }
  }
  return undefined
}

/**
 * Adds `botCheckToken` to every JSON or form POST body [AU-47]; GET/HEAD and bodiless POSTs go out untouched.
 * Registered first on every client, so the authenticated client's retry resends the body with its token.
 */
export function botCheckMiddleware(): Middleware {
  return {
    async onRequest({ request }) {
      const addToken = await tokenCarrier(request)
      if (addToken === undefined) return undefined
      return addToken(await botCheckToken(botCheckAction(request.url)))
    },
  }
}
