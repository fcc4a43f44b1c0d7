import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { api, LegacyCallError, legacyMsg } from '@/lib/api'
import { clearToken } from '@/lib/auth'

/** Why the server did not confirm a logout: the older call's failure [ER-13], or no answer at all. */
export interface LogoutRefusal {
  code: string
  message: string
}

/** Asks the server to revoke the refresh cookie (`POST /app/auth/logout`); null when it confirmed. */
export async function revokeSession(): Promise<LogoutRefusal | null> {
  try {
    legacyMsg(await api.POST('/app/auth/logout', { credentials: 'include' }))
    return null
  } catch (failure) {
    if (failure instanceof LegacyCallError) return { code: failure.code, message: failure.message }
    console.warn('logout call failed', failure)
    return { code: 'NETWORK', message: failure instanceof Error ? failure.message : String(failure) }
  }
}

/** Signs this device out: local and session storage cleared, the token gone. */
function forgetDevice(): void {
  window.localStorage.clear()
  window.sessionStorage.clear()
  clearToken()
}

/**
 * The side menu's logout [AU-46]: drops every fetched-once query, clears local and session storage and goes to
 * /logout, whose loader calls the logout service. The device is signed out whatever the server answers.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    queryClient.clear()
    forgetDevice()
    await navigate(paths.logout, { replace: true })
  }, [queryClient, navigate])
}
