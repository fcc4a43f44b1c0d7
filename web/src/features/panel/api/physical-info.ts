import { useQuery } from '@tanstack/react-query'
import { authApi } from '@/lib/auth'
import { physicalInfoState } from '../domain/physical-info'
import { panelMsg } from './envelope'

/** `GET /app/physicalinfo/general`: the body figures of the customer's latest medical profile [DS-30]. */
export function usePhysicalInfo() {
  return useQuery({
    queryKey: ['panel', 'physicalInfo'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) =>
      physicalInfoState(panelMsg(await authApi.GET('/app/physicalinfo/general', { signal }), 'PHYSICAL_INFO')),
  })
}
