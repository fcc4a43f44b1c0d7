import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { IRAN_COUNTRY_ID } from '../domain/mobile'
import { entryStepFor } from '../domain/steps'
import { storedIdentity } from '../domain/stored-identity'
import { AuthPopup, type AuthFlowStart } from './auth-popup'

function startFor(pathname: string): AuthFlowStart {
  const stored = storedIdentity()
  const entry = entryStepFor(pathname, stored.mobileNumber !== '', false)
  const keepNumber = entry !== 'ENTER_MOBILE'
  return {
    entry,
    mobileNumber: keepNumber ? stored.mobileNumber : '',
    countryId: keepNumber ? stored.countryId : IRAN_COUNTRY_ID,
    dialCode: '98',
    email: '',
  }
}

/**
 * The authentication routes (/enter, /enter-email, /register-with-*, /login-with-*): the sign-in popup over the page.
 * Success goes to /enter-success, which picks the destination [RG-06…RG-08].
 */
export function AuthScreen() {
  const location = useLocation()
  const navigate = useNavigate()
  const [start] = useState(() => startFor(location.pathname))
  return (
    <section className="auth-screen" data-testid="auth-screen">
      <AuthPopup
        key={location.pathname}
        start={start}
        onSignedIn={() => void navigate(paths.enterSuccess, { replace: true })}
        // A first visit has no page of the app to go back to (home would bring the visitor straight back here).
        onLeave={location.key === 'default' ? undefined : () => void navigate(-1)}
      />
    </section>
  )
}
