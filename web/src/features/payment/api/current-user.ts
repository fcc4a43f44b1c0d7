import { useQuery } from '@tanstack/react-query'
import { currentUserQueryOptions } from '@/lib/auth'

/** Asked only once the popup opens, so a checkout that never opens it makes no extra call. */
export function useCurrentUser(enabled: boolean) {
  return useQuery({ ...currentUserQueryOptions(), enabled })
}
