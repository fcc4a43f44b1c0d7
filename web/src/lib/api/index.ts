export { api, createApiClient, type ApiClient } from './client'
export { ApiError, apiMessageOr, toApiError } from './errors'
export type { components, paths } from './schema'
export { LegacyCallError, legacyMsg } from './legacy'
