import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { currentUserId, loginPathFor } from '@/lib/auth'
import { LOGIN_REDIRECT_MS } from '../domain/gift-card'

/**
 * The gift flow needs a user id: without one (or once the server refuses the token) it says it is going to the
 * login page and goes there after 3 s, coming back here after sign-in [PM-80, ER-43]. `redirect()` starts it
 * after a 401.
 */
export function useLoginRedirect() {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const [redirecting, setRedirecting] = useState(() => currentUserId() === undefined)
  useEffect(() => {
    if (!redirecting) return
    const timer = window.setTimeout(() => void navigate(loginPathFor(`${pathname}${search}`)), LOGIN_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [redirecting, navigate, pathname, search])
  return { redirecting, redirect: () => setRedirecting(true) }
}
