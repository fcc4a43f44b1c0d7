import { queryOptions } from '@tanstack/react-query'
import { legacyMsg } from '@/lib/api/legacy'
import { authApi } from './authenticated-client'

/**
 * The signed-in customer (`GET /app/auth/currentUser`, an older call with its own envelope [ER-13]): first and last
 * name and the mobile as the BFF shows it, `09…` in Iran and `+…` abroad. One query for every screen that needs it.
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'currentUser'],
    queryFn: async ({ signal }) => legacyMsg(await authApi.GET('/app/auth/currentUser', { signal })),
    staleTime: Infinity,
  })
}

/** A foreign customer's mobile number starts with a plus sign (spec 2 §1, §5). */
export function isForeignMobile(mobile: string | null | undefined): boolean {
  return mobile?.trim().startsWith('+') ?? false
}
