import { ApiError } from '@/lib/api'
import { toApiError } from '@/lib/api/errors'
import { authApi } from '@/lib/auth'

/** The calls of the route guards, over the authenticated client (Bearer, 401 renewal) [AU-44, AU-45]. */

export interface ProfileOrder {
  dietType: string
}

/** `GET /lemonade/api/orders/profile-orders`: the user's successful profile orders [RG-17…RG-19]. */
export async function fetchProfileOrders(signal?: AbortSignal): Promise<ProfileOrder[]> {
  const { data, error, response } = await authApi.GET('/lemonade/api/orders/profile-orders', { signal })
  if (error !== undefined || data === undefined) throw toApiError(error, response)
  return data
}

/** `GET /lemonade/api/can-buy-diet`: false when the user already has a diet [RG-22]. */
export async function fetchCanBuyDiet(signal?: AbortSignal): Promise<boolean> {
  const { data, error, response } = await authApi.GET('/lemonade/api/can-buy-diet', { signal })
  if (error !== undefined || data === undefined) throw toApiError(error, response)
  return data.canBuyDiet
}

/** Statuses of the active diet package for which /user-panel sends the user to buy again [RG-34]. */
export const REPURCHASE_STATUSES = ['TRANSACTION_WATING', 'TRANSACTION_UNVERIFIED', 'EXPIRED'] as const

export class ActivePackageUnavailableError extends ApiError {
  constructor() {
    super(0, 'ACTIVE_PACKAGE_UNAVAILABLE', 'The active diet package endpoint is not part of the API yet')
    this.name = 'ActivePackageUnavailableError'
  }
}

/**
 * The active diet package's status for /user-panel (spec 1 §2). Its endpoint (GET /app/diets/active) arrives with the
 * panel issue; until the API has it, loading fails, which /user-panel treats as its error case [RG-37].
 */
export async function fetchActivePackageStatus(_signal?: AbortSignal): Promise<string> {
  throw new ActivePackageUnavailableError()
}
