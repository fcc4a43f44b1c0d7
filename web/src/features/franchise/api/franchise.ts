import { useQuery } from '@tanstack/react-query'
import { dataOrThrow } from '@/lib/api'
import { authApi } from '@/lib/auth'

/** `GET /franchise/membership`: whether the customer is a member, answered without refusing anyone. */
export function useMembership() {
  return useQuery({
    queryKey: ['franchise', 'membership'] as const,
    staleTime: 0,
    retry: false,
    queryFn: async ({ signal }) => dataOrThrow(await authApi.GET('/franchise/membership', { signal })).isFranchizer,
  })
}

/**
 * `GET /franchise/summary`: the member's code and points, asked for members only; `NOT_FRANCHIZER` should the
 * membership end in between [DS-28, ER-54].
 */
export function useFranchiseSummary(enabled: boolean) {
  return useQuery({
    queryKey: ['franchise', 'summary'] as const,
    staleTime: 0,
    retry: false,
    enabled,
    queryFn: async ({ signal }) => dataOrThrow(await authApi.GET('/franchise/summary', { signal })).msg,
  })
}

/** `GET /franchise/leaderboard`: the top members and the caller's place; asked for members only. */
export function useLeaderboard(enabled: boolean) {
  return useQuery({
    queryKey: ['franchise', 'leaderboard'] as const,
    staleTime: 0,
    enabled,
    queryFn: async ({ signal }) => dataOrThrow(await authApi.GET('/franchise/leaderboard', { signal })).msg,
  })
}

/** `GET /franchise/invite-lists`: the customers who signed up with the member's code [DS-29]. */
export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: ['franchise', 'invitations'] as const,
    staleTime: 0,
    enabled,
    queryFn: async ({ signal }) => dataOrThrow(await authApi.GET('/franchise/invite-lists', { signal })).invitations,
  })
}

/** `GET /app/points/summary`: the customer's points balance and history. */
export function usePointsSummary() {
  return useQuery({
    queryKey: ['franchise', 'points'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) => dataOrThrow(await authApi.GET('/app/points/summary', { signal })).msg,
  })
}
