import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { api, LegacyCallError, legacyMsg } from '@/lib/api'
import { clearToken, readToken } from '@/lib/auth'

/** Why the server did not confirm a logout: the older call's failure [ER-13], or no answer at all. */
export interface LogoutRefusal {
  code: string
  message: string
}

/**
 * The signed-out device's bearer token, kept in memory only: storage is cleared before /logout calls the server,
 * which must still see the token to refuse it from then on. Dropped once the server confirmed.
 */
let tokenToRevoke: string | null = null

/**
 * Asks the server to revoke the refresh cookie and the bearer token (`POST /app/auth/logout`); null when it
 * confirmed.
 */
export async function revokeSession(): Promise<LogoutRefusal | null> {
  try {
    const headers = tokenToRevoke === null ? {} : { Authorization: `Bearer ${tokenToRevoke}` }
    legacyMsg(await api.POST('/app/auth/logout', { credentials: 'include', headers }))
    tokenToRevoke = null
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
    tokenToRevoke = readToken()
    queryClient.clear()
    forgetDevice()
    await navigate(paths.logout, { replace: true })
  }, [queryClient, navigate])
}
