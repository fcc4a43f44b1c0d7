import { useMutation } from '@tanstack/react-query'
import { dataOrThrow } from '@/lib/api'
import { authApi } from '@/lib/auth'
import { forgetUsedDiscount, forgetUserPoint } from '../domain/order-session'

/**
 * `POST /lemonade/api/orders/finalize-order` for a payable total of exactly 0 [PR-08]. Success clears the points
 * and promotion held on the device for the order [PR-11]; the caller goes to the result page [PR-10].
 */
export function useFinalizeOrder(orderId: number) {
  return useMutation({
    mutationFn: async () => {
      return dataOrThrow(await authApi.POST('/lemonade/api/orders/finalize-order', { body: { orderId } }))
    },
    onSuccess: () => {
      forgetUserPoint()
      forgetUsedDiscount()
    },
  })
}
