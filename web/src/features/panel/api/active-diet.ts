import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, toApiError } from '@/lib/api'
import { authApi } from '@/lib/auth'

/** `GET /app/diets/active`: the customer's diet package and its status; an `ok: false` answer's msg is the error. */
export function activeDietQueryOptions() {
  return queryOptions({
    queryKey: ['panel', 'activeDiet'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const { data, error, response } = await authApi.GET('/app/diets/active', { signal })
      if (error !== undefined || data === undefined) throw toApiError(error, response)
      if (!data.ok) throw new ApiError(response.status, 'ACTIVE_DIET', String(data.msg))
      return data.msg.activeDiet
    },
  })
}

export function useActiveDiet(enabled: boolean) {
  return useQuery({ ...activeDietQueryOptions(), enabled })
}
