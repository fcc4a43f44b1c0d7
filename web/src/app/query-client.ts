import { QueryClient } from '@tanstack/react-query'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      // An action taken offline fails at once with the screen's network-failure text and its retry. Paused (the
      // library's default), a payment's button read "connecting" for as long as the phone was offline, its sheet
      // could not be closed, and the payment started by itself once the connection came back.
      mutations: { networkMode: 'always' },
    },
  })
}
