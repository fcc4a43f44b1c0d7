import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authApi } from '@/lib/auth'
import { panelMsg } from './envelope'

/** `POST /app/diets/startdate` with the form fields `id` and `startDate` (`YYYY-MM-DD`) [DS-27]. */
export function useSetStartDate() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (form: { id: number; startDate: string }) =>
      panelMsg(
        await authApi.POST('/app/diets/startdate', {
          body: form,
          bodySerializer: (body) => new URLSearchParams({ id: String(body.id), startDate: body.startDate }).toString(),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
        'START_DATE',
      ).diet,
    onSuccess: () => client.invalidateQueries({ queryKey: ['panel'] }),
  })
}
