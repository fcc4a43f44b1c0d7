import { FEATURE_FLAG_KEYS, readSetting, writeSetting } from '@/config/flags'
import { sendAnalyticsEvent, SESSION_ID_KEY } from '@/lib/analytics'
import { api } from '@/lib/api/client'
import { toApiError } from '@/lib/api/errors'
import { currentUserId } from '@/lib/auth/token'

/** Session storage key of the utm parameters last sent with the session, to tell whether they changed [AU-36]. */
export const SESSION_PARAMS_KEY = 'sessParams'

/**
 * Session storage key of the edit token the create call answered: only its holder (or the customer the session is
 * linked to) may patch the session, so it goes out as `X-Edit-Token` on every patch.
 */
export const SESSION_EDIT_TOKEN_KEY = 'sessEditToken'

const UTM_FIELDS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const

export type UtmParams = Partial<Record<(typeof UTM_FIELDS)[keyof typeof UTM_FIELDS], string>>

/** The utm parameters of a query, camelCased (`utm_source` → `utmSource`) [AU-35]. */
export function utmParamsFrom(search: URLSearchParams): UtmParams {
  const params: UtmParams = {}
  for (const [queryKey, field] of Object.entries(UTM_FIELDS)) {
    const value = search.get(queryKey)
    if (value !== null && value !== '') params[field as keyof UtmParams] = value
  }
  return params
}

/** The session's meta: landing, products tag and the feature flags stored in this browser session [AU-38]. */
export function sessionMeta(): Record<string, string> {
  const meta: Record<string, string> = {}
  for (const key of ['landing', 'productsTag', ...FEATURE_FLAG_KEYS]) {
    const value = readSetting(key)
    if (value !== null) meta[key] = value
  }
  return meta
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

export interface EnsureSessionOptions {
  /** The query of the current address. */
  search: URLSearchParams
  /** Patch even when the utm parameters did not change (feature-flag changes) [AU-36, AU-38]. */
  force?: boolean
}

export type SessionCall = 'created' | 'patched' | 'unchanged'

async function reportAndRethrow(action: 'create_session' | 'patch_session', failure: unknown): Promise<never> {
  const message = failure instanceof Error ? failure.message : String(failure)
  await sendAnalyticsEvent({ action, category: 'error', label: message })
  throw failure
}

/**
 * Start-up session (spec 1 §4 "Start-up and sessions"). Without `sessId`: `POST /lemonade/api/sessions` with the
 * camelCased utm parameters of the URL, meta and the user id, and the returned id stored under `sessId` [AU-35].
 * With one: `PATCH /lemonade/api/sessions/{id}` only when the URL carries utm parameters different from those last
 * sent, or when forced; otherwise no call [AU-36]. The create call's edit token is kept under `sessEditToken` and sent
 * with every patch: a stored id without one (a session made before the BFF answered one) can no longer be patched,
 * so a new session is created instead. A failure (including an `err` in a 200 body) sends the `create_session` /
 * `patch_session` error event and is rethrown [AU-37].
 */
export async function ensureSession({ search, force = false }: EnsureSessionOptions): Promise<SessionCall> {
  const params = utmParamsFrom(search)
  const serialised = JSON.stringify(params)
  const storedId = session()?.getItem(SESSION_ID_KEY) ?? null
  const editToken = session()?.getItem(SESSION_EDIT_TOKEN_KEY) ?? null
  const userId = currentUserId()
  const body = { ...params, meta: sessionMeta(), ...(userId !== undefined ? { userId } : {}) }

  if (storedId === null || editToken === null) {
    try {
      const { data, error, response } = await api.POST('/lemonade/api/sessions', { body })
      if (error !== undefined || !data?.id || 'err' in (data as object)) throw toApiError(error ?? data, response)
      session()?.setItem(SESSION_ID_KEY, data.id)
      session()?.setItem(SESSION_EDIT_TOKEN_KEY, data.editToken)
      session()?.setItem(SESSION_PARAMS_KEY, serialised)
      return 'created'
    } catch (failure) {
      return reportAndRethrow('create_session', failure)
    }
  }

  const changed = Object.keys(params).length > 0 && serialised !== (session()?.getItem(SESSION_PARAMS_KEY) ?? '{}')
  if (!changed && !force) return 'unchanged'
  try {
    const { data, error, response } = await api.PATCH('/lemonade/api/sessions/{id}', {
      params: { path: { id: storedId }, header: { 'X-Edit-Token': editToken } },
      body,
    })
    if (error !== undefined || data === undefined || 'err' in (data as object)) throw toApiError(error ?? data, response)
    if (Object.keys(params).length > 0) session()?.setItem(SESSION_PARAMS_KEY, serialised)
    return 'patched'
  } catch (failure) {
    return reportAndRethrow('patch_session', failure)
  }
}

/** Writes feature flags to session storage and patches them onto the session [AU-38]. */
export async function updateFeatureFlags(flags: Record<string, string>, search = new URLSearchParams()): Promise<void> {
  for (const [key, value] of Object.entries(flags)) writeSetting(key, value)
  if (session()?.getItem(SESSION_ID_KEY) == null || session()?.getItem(SESSION_EDIT_TOKEN_KEY) == null) return
  await ensureSession({ search, force: true })
}
