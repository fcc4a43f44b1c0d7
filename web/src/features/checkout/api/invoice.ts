import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { fetchInvoice } from '@/lib/invoice'
import type { Invoice } from '../types'

export function invoiceQueryKey(orderId: number) {
  return ['checkout', 'invoice', orderId] as const
}

/** The order's invoice [CT-21]. */
export function invoiceQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: invoiceQueryKey(orderId),
    // Always asked again when the page opens: amounts and holds change on the server.
    staleTime: 0,
    queryFn: ({ signal }) => fetchInvoice(orderId, signal),
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
