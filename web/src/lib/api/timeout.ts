import { REQUEST_TIMEOUT_MS } from '@/config/env'

/**
 * A call that got no whole answer in time. A TypeError, as fetch's own failure when the connection is lost, and never
 * an ApiError (the BFF said nothing): every screen shows its network-failure text and retry, and the questionnaire
 * keeps the answers to send again.
 */
export class RequestTimeoutError extends TypeError {
  constructor() {
    super(`no answer within ${REQUEST_TIMEOUT_MS} ms`)
    this.name = 'RequestTimeoutError'
  }
}

/**
 * The request's signal, also aborted with a RequestTimeoutError after REQUEST_TIMEOUT_MS. One controller instead of
 * `AbortSignal.any` + `AbortSignal.timeout`: older phones lack `any`, and the timeout's own reason is a DOMException.
 */
function withDeadline(signal: AbortSignal): AbortSignal {
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new RequestTimeoutError()), REQUEST_TIMEOUT_MS)
  const follow = () => {
    clearTimeout(timer)
    deadline.abort(signal.reason)
  }
  if (signal.aborted) follow()
  else signal.addEventListener('abort', follow, { once: true })
  return deadline.signal
}

/**
 * `fetch` with the time limit, reading the answer's body included (the signal governs it too). A caller's own abort
 * (a query cancelled) stays an abort. `globalThis.fetch` is looked up on every call, so test doubles that patch it
 * after import are honoured.
 */
export function fetchWithTimeout(request: Request): Promise<Response> {
  return globalThis.fetch(request, { signal: withDeadline(request.signal) })
}
