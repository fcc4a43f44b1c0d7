/**
 * The envelope of the older auth calls (`/app/auth/*`, `/api/auth/*`, spec 1 §7): `{ status: 'success' | 'error', msg }`.
 * A non-200 HTTP status becomes an error with the status as its code, a message and null details; a 200 whose
 * status is `error` is a failure carrying its `msg` [ER-13].
 */
export class LegacyCallError extends Error {
  readonly code: string
  readonly details = null

  constructor(code: string, message: string) {
    super(message)
    this.name = 'LegacyCallError'
    this.code = code
  }
}

interface LegacyEnvelope<Msg> {
  status?: string
  msg?: Msg
  code?: string
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** The `msg` of an older call's answer (an openapi-fetch result), or the failure it stands for. */
export function legacyMsg<Msg>(result: { data?: LegacyEnvelope<Msg>; error?: unknown; response: Response }): Msg {
  const { response } = result
  const body = (result.data ?? result.error) as LegacyEnvelope<unknown> | undefined
  if (response.status !== 200) {
    // The BFF's older failures carry a Persian `msg`; any other answer (a proxy's page) only has the status text.
    const message = text(body?.msg) ?? text(response.statusText) ?? `HTTP ${response.status}`
    throw new LegacyCallError(String(response.status), message)
  }
  if (result.data === undefined || result.data.status === 'error') {
    throw new LegacyCallError(text(body?.code) ?? 'error', text(body?.msg) ?? 'error')
  }
  return result.data.msg as Msg
}
