import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { dataOrThrow } from '@/lib/api'
import { authApi } from '@/lib/auth'
import { PRODUCT_CODE } from '@/config/env'
import { outcomeOf, type ActivationOutcome } from '../domain/reserve-activation'

/** The order status the history lists [PM-69]. */
export const PAID_STATUS = 'PAYMENT_SUCCESS'
/** The diet status the reserve list lists [PM-70]. */
export const RESERVED_STATUS = 'RESERVED'

const reservesKey = ['orders', 'reserves'] as const

/** `GET /lemonade/api/orders` filtered to `PAYMENT_SUCCESS`, newest first [PM-69]. */
export function paidOrdersQueryOptions() {
  return queryOptions({
    queryKey: ['orders', 'history'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      return dataOrThrow(await authApi.GET('/lemonade/api/orders', {
        params: { query: { status: PAID_STATUS } },
        signal,
      }))
    },
  })
}

/** `GET /lemonade/api/diet-packages/` with a `RESERVED` diet [PM-70]. */
export function reservedPackagesQueryOptions() {
  return queryOptions({
    queryKey: reservesKey,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      return dataOrThrow(await authApi.GET('/lemonade/api/diet-packages', {
        params: { query: { dietStatus: RESERVED_STATUS } },
        signal,
      }))
    },
  })
}

export const usePaidOrders = () => useQuery(paidOrdersQueryOptions())
export const useReservedPackages = () => useQuery(reservedPackagesQueryOptions())

/**
 * `POST /lemonade/api/{product}-integrations/enable-reserve-diet/{dietId}`: activated with `sentStatus`, refused
 * without it while another diet runs, failed on an error [PM-70…PM-73]. An activation reloads the list.
 */
export function useActivateReserve() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (dietId: number): Promise<ActivationOutcome> => {
      try {
        const { data, error } = await authApi.POST('/lemonade/api/{integration}/enable-reserve-diet/{dietId}', {
          params: { path: { integration: `${PRODUCT_CODE.toLowerCase()}-integrations`, dietId } },
        })
        return outcomeOf(error === undefined ? data : undefined)
      } catch {
        // A network failure or a missing token is shown like an error answer [PM-71].
        return 'failed'
      }
    },
    onSuccess: (outcome) => {
      if (outcome === 'activated') void queryClient.invalidateQueries({ queryKey: reservesKey })
    },
  })
}
