import { clearToken } from '@/lib/auth'

/** /logout also ends a session whose token the server refused (a guard's 401 lands here) [RG-23]. */
export function logoutLoader(): null {
  clearToken()
  return null
}
