import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { dataOrThrow } from '@/lib/api'
import { authApi } from '@/lib/auth'
import { forgetUserPoint, rememberUserPoint } from '../domain/order-session'
import { useReplaceInvoice } from './invoice'

const totalPointsKey = ['checkout', 'totalPoints'] as const

/** `GET /lemonade/api/userPoints/totalPoints` with a timestamp parameter and a no-cache header [PR-25]. */
export function totalPointsQueryOptions() {
  return queryOptions({
    queryKey: totalPointsKey,
    // Always asked again when the page opens: amounts and holds change on the server.
    staleTime: 0,
    queryFn: async ({ signal }) => {
      return dataOrThrow(await authApi.GET('/lemonade/api/userPoints/totalPoints', {
        params: { query: { _: String(Date.now()) } },
        headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
        signal,
      }))
    },
  })
}

export function useTotalPoints() {
  return useQuery(totalPointsQueryOptions())
}

async function setPoints(orderId: number) {
  return dataOrThrow(await authApi.POST('/lemonade/api/userPoints/set', { body: { orderId } }))
}

async function unsetPoints(orderId: number) {
  return dataOrThrow(await authApi.POST('/lemonade/api/userPoints/unset', { body: { orderId } }))
}

/**
 * The points switch: on sets the points on the order (ADDED_TO_ORDER) [PR-18], off cancels them (CANCELED)
 * [PR-19]. The answer's invoice replaces the shown one [PR-21, PR-22] and the hold's id is kept on the device
 * [PR-24]; a failed call changes nothing [PR-23]. The balance is read again either way.
 */
export function useSwitchPoints(orderId: number) {
  const queryClient = useQueryClient()
  const replaceInvoice = useReplaceInvoice(orderId)
  return useMutation({
    mutationFn: async (on: boolean) => (on ? setPoints(orderId) : unsetPoints(orderId)),
    onSuccess: ({ userPoint, invoice }, on) => {
      if (on) rememberUserPoint(userPoint.id)
      else forgetUserPoint()
      replaceInvoice(invoice)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: totalPointsKey }),
  })
}
