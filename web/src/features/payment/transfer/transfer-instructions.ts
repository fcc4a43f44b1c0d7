import { useQuery } from '@tanstack/react-query'
import { dataOrThrow } from '@/lib/api'
import { authApi } from '@/lib/auth'

/**
 * `GET /lemonade/api/payments/transfer-instructions`: where the customer pays, how much (the invoice's payable total
 * after code, points and gift cards) and for which order, with the order's creation time the date is checked against.
 */
export function useTransferInstructions(orderId: number) {
  return useQuery({
    queryKey: ['payment', 'transferInstructions', orderId],
    enabled: Number.isSafeInteger(orderId) && orderId > 0,
    retry: false,
    queryFn: async ({ signal }) => {
      return dataOrThrow(await authApi.GET('/lemonade/api/payments/transfer-instructions', {
        params: { query: { orderId } },
        signal,
      }))
    },
  })
}

/** A card number in the 4-digit blocks printed on cards and shown by banking apps, e.g. `6037 9975 9999 0001`. */
export const cardBlocks = (number: string): string => number.match(/.{1,4}/g)?.join(' ') ?? number
