import { dataOrThrow } from '@/lib/api/errors'
import { authApi, createAuthenticatedClient } from '@/lib/auth'

/** The calls of the route guards, over the authenticated client (Bearer, 401 renewal) [AU-44, AU-45]. */

/**
 * The client of the profile-orders and can-buy-diet guard calls: a refused renewal comes back as the 401 for the
 * guard to send the user to /logout, instead of the middleware's sign-in redirect [RG-23].
 */
const guardApi = createAuthenticatedClient({ onRefused: 'return' })

export interface ProfileOrder {
  dietType: string
}

/** `GET /lemonade/api/orders/profile-orders`: the user's successful profile orders [RG-17…RG-19]. */
export async function fetchProfileOrders(signal?: AbortSignal): Promise<ProfileOrder[]> {
  return dataOrThrow(await guardApi.GET('/lemonade/api/orders/profile-orders', { signal }))
}

/** `GET /lemonade/api/can-buy-diet`: false when the user already has a diet [RG-22]. */
export async function fetchCanBuyDiet(signal?: AbortSignal): Promise<boolean> {
  const data = dataOrThrow(await guardApi.GET('/lemonade/api/can-buy-diet', { signal }))
  return data.canBuyDiet
}

/** Statuses of the active diet package for which /user-panel sends the user to buy again [RG-34]. */
export const REPURCHASE_STATUSES = ['TRANSACTION_WATING', 'TRANSACTION_UNVERIFIED', 'EXPIRED'] as const

/** `GET /app/diets/active`: the status of the user's diet package, for /user-panel (spec 1 §2) [RG-34…RG-36]. */
export async function fetchActivePackageStatus(signal?: AbortSignal): Promise<string> {
  const data = dataOrThrow(await authApi.GET('/app/diets/active', { signal }))
  return data.msg.activeDiet.status
}
