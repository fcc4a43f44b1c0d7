import { useQuery } from '@tanstack/react-query'
import { authApi } from '@/lib/auth'
import { panelMsg } from './envelope'

/** `GET /app/diets/all`: every diet issued to the customer; an answer with `ok` false is an error with its msg [ER-60]. */
export function useAllDiets() {
  return useQuery({
    queryKey: ['panel', 'allDiets'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) => panelMsg(await authApi.GET('/app/diets/all', { signal }), 'ALL_DIETS').allDiets,
  })
}
