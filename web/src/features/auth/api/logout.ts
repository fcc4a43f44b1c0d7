import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { api } from '@/lib/api'
import { clearToken } from '@/lib/auth'

/**
 * Logout [AU-46]: drops every fetched-once query, clears local and session storage, calls `POST /app/auth/logout`
 * (which revokes the refresh cookie; a failure is only logged) and goes to /logout.
 */
export async function logout(): Promise<void> {
  window.localStorage.clear()
  window.sessionStorage.clear()
  clearToken()
  try {
    const { error } = await api.POST('/app/auth/logout', { credentials: 'include' })
    if (error !== undefined) console.warn('logout call failed', error)
  } catch (failure) {
    console.warn('logout call failed', failure)
  }
}

export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    queryClient.clear()
    await logout()
    await navigate(paths.logout, { replace: true })
  }, [queryClient, navigate])
}
