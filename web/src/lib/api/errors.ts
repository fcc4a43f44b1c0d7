/**
 * The one place that reads the BFF error envelope `{ err: { code, message, details } }` (the same shape for every
 * error of the API). Screens show `message` (already Persian) or their own text by code.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
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
  return new ApiError(
    response.status,
    typeof code === 'string' ? code : String(response.status),
    typeof message === 'string' ? message : response.statusText,
  )
}
