import { useQuery } from '@tanstack/react-query'
import { authApi } from '@/lib/auth'

/**
 * `POST /lemonade/api/payments/gumroad/price`: what Gumroad will charge for the order (its product's own dollar price,
 * which the shop does not set), asked when the popup opens with Gumroad selectable, so the customer sees the amount
 * before leaving for Gumroad's page. A failed look-up shows no amount; it never keeps the method from being chosen.
 */
export function useGumroadPrice(enabled: boolean, orderId: number) {
  return useQuery({
    queryKey: ['payment', 'gumroadPrice', orderId],
    enabled,
    retry: false,
    queryFn: async ({ signal }): Promise<string | null> => {
      try {
        const { data } = await authApi.POST('/lemonade/api/payments/gumroad/price', { body: { orderId }, signal })
        return data?.formattedPrice ?? null
      } catch (failure) {
        console.warn('Gumroad price look-up failed', failure)
        return null
      }
    },
  })
}
