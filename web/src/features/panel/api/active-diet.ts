import { queryOptions, useQuery } from '@tanstack/react-query'
import { authApi } from '@/lib/auth'
import { panelMsg } from './envelope'

/** The error code of an active-diet answer with `ok` false; its message is the answer's msg [ER-60]. */
export const ACTIVE_DIET_NOT_OK = 'ACTIVE_DIET'

/** `GET /app/diets/active`: the customer's diet package and its status. */
export function activeDietQueryOptions() {
  return queryOptions({
    queryKey: ['panel', 'activeDiet'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) => panelMsg(await authApi.GET('/app/diets/active', { signal }), ACTIVE_DIET_NOT_OK).activeDiet,
  })
}

export function useActiveDiet(enabled: boolean) {
  return useQuery({ ...activeDietQueryOptions(), enabled })
}
