import { useSyncExternalStore } from 'react'
import { isLoggedIn, subscribeToken } from '@/lib/auth'

/** The signed-in state, re-rendering on sign-in, token refresh and logout [AU-39]. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeToken, isLoggedIn, () => false)
}
