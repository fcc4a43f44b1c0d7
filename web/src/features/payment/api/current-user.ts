import { queryOptions, useQuery } from '@tanstack/react-query'
import { toApiError } from '@/lib/api'
import { authApi } from '@/lib/auth'

/** The signed-in customer's mobile as the BFF shows it: `09…` in Iran, `+…` for foreign numbers. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: ['payment', 'currentUser'],
    queryFn: async ({ signal }) => {
      const { data, error, response } = await authApi.GET('/app/auth/currentUser', { signal })
      if (error !== undefined || data === undefined) throw toApiError(error, response)
      return data.msg
    },
    staleTime: Infinity,
  })
}

/** A foreign customer has a mobile starting with a plus sign (spec 2 §5 "Foreign users"). */
export function isForeignMobile(mobile: string): boolean {
  return mobile.trim().startsWith('+')
}

/** Asked only once the popup opens, so a checkout that never opens it makes no extra call. */
export function useCurrentUser(enabled: boolean) {
  return useQuery({ ...currentUserQueryOptions(), enabled })
}
