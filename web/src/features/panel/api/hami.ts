import { useQuery } from '@tanstack/react-query'
import { authApi } from '@/lib/auth'
import { panelMsg } from './envelope'

/** `GET /app/hami/summary`: whether the customer's package came with the mentor add-on [ER-60 for ok false]. */
export function useHamiSummary() {
  return useQuery({
    queryKey: ['panel', 'hami'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) => panelMsg(await authApi.GET('/app/hami/summary', { signal }), 'HAMI').hami,
  })
}
