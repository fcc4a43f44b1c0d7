export { api, createApiClient, type ApiClient } from './client'
export { ApiError, apiMessageOr, dataOrThrow, toApiError } from './errors'
export type { components, paths } from './schema'
export { LegacyCallError, legacyMsg } from './legacy'
