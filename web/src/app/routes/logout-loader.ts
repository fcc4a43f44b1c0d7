// The deep path, not the feature index: the index would pull the logout page into the first bundle.
import { revokeSession, type LogoutRefusal } from '@/features/auth/api/logout'
import { clearToken } from '@/lib/auth'

export interface LogoutOutcome {
  /** The server's answer, not awaited: the page shows at once and adds the refusal when it arrives. */
  refusal: Promise<LogoutRefusal | null>
}

/**
 * /logout ends the session, whichever way the visitor came: after the side menu's logout [AU-46] or from a guard
 * whose token the server refused [RG-23]. The token goes at once (the visit's session storage stays, so the page view
 * is still counted to its session) and the server is asked to revoke the refresh cookie.
 */
export function logoutLoader(): LogoutOutcome {
  clearToken()
  return { refusal: revokeSession() }
}
