/**
 * The one place that reads the BFF error envelope `{ err: { code, message, details } }` (the same shape for every
 * error of the API). Screens show `message` (already Persian) or their own text by code.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  /** `err.reason`: which case of `code` it was, where the BFF tells them apart (a refused sign-in code). */
  readonly reason: string | undefined
  /** `err.retryAfterSeconds`: in how many seconds the call may be made again, where the refusal says. */
  readonly retryAfterSeconds: number | undefined

  constructor(status: number, code: string, message: string, reason?: string, retryAfterSeconds?: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.reason = reason
    this.retryAfterSeconds = retryAfterSeconds
  }
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

/** Builds an ApiError from an openapi-fetch `error` body and its response. */
export function toApiError(body: unknown, response: Response): ApiError {
  const err = field(body, 'err')
  const code = field(err, 'code')
  const message = field(err, 'message')
  const reason = field(err, 'reason')
  const retryAfter = field(err, 'retryAfterSeconds')
  return new ApiError(
    response.status,
    typeof code === 'string' ? code : String(response.status),
    typeof message === 'string' ? message : response.statusText,
    typeof reason === 'string' ? reason : undefined,
    typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  )
}

/**
 * A call's answer, or its failure (an error body, or no body at all) thrown as an {@link ApiError}: how queries,
 * loaders and actions unwrap an openapi-fetch result.
 */
export function dataOrThrow<T>(result: { data?: T; error?: unknown; response: Response }): T {
  const { data, error, response } = result
  if (error !== undefined || data === undefined) throw toApiError(error, response)
  return data
}

/**
 * The BFF's own (Persian) message of a failed call, else `fallback`: a failure that never reached the BFF (the
 * network, a timeout) carries the browser's English text, which no screen should show.
 */
export function apiMessageOr(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.message.trim() !== '' ? failure.message : fallback
}
