import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toApiError } from '@/lib/api'
import { authApi } from '@/lib/auth'
import type { Invoice } from '../types'

export function invoiceQueryKey(orderId: number) {
  return ['checkout', 'invoice', orderId] as const
}

/** `GET /lemonade/api/orders/{id}/invoice` with a timestamp so no cache answers for the BFF [CT-21]. */
export function invoiceQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: invoiceQueryKey(orderId),
    // Always asked again when the page opens: amounts and holds change on the server.
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const { data, error, response } = await authApi.GET('/lemonade/api/orders/{id}/invoice', {
        params: { path: { id: orderId }, query: { _: String(Date.now()) } },
        signal,
      })
      if (error !== undefined || data === undefined) throw toApiError(error, response)
      return data
    },
  })
}

export function useInvoice(orderId: number) {
  return useQuery(invoiceQueryOptions(orderId))
}

/** Puts an invoice from a promotion, points or cancel answer in place of the loaded one [PR-21, PR-22]. */
export function useReplaceInvoice(orderId: number) {
  const queryClient = useQueryClient()
  return useCallback(
    (invoice: Invoice) => queryClient.setQueryData(invoiceQueryKey(orderId), invoice),
    [queryClient, orderId],
  )
}
