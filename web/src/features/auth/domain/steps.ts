/** The six steps of the sign-in popup (spec 1 §2, §4), plus the file-number entry of /login-with-file-number. */
export const AUTH_STEPS = [
  'ENTER_MOBILE',
  'ENTER_EMAIL',
  'LOGIN_MOBILE',
  'LOGIN_EMAIL',
  'REGISTER_MOBILE',
  'REGISTER_EMAIL',
] as const

export type AuthStep = (typeof AUTH_STEPS)[number] | 'ENTER_FILE_NUMBER'

export type AuthType = 'sms' | 'email'

export type CodeStep = 'LOGIN_MOBILE' | 'LOGIN_EMAIL' | 'REGISTER_MOBILE' | 'REGISTER_EMAIL'

export function isCodeStep(step: AuthStep): step is CodeStep {
  return step === 'LOGIN_MOBILE' || step === 'LOGIN_EMAIL' || step === 'REGISTER_MOBILE' || step === 'REGISTER_EMAIL'
}

export function isEmailStep(step: AuthStep): boolean {
  return step === 'ENTER_EMAIL' || step === 'LOGIN_EMAIL' || step === 'REGISTER_EMAIL'
}

export function isRegisterStep(step: AuthStep): boolean {
  return step === 'REGISTER_MOBILE' || step === 'REGISTER_EMAIL' || step === 'ENTER_EMAIL'
}

/** The step after the registered-number check [AU-03…AU-06]. */
export function stepAfterCheck(isRegistered: boolean, authType: AuthType): AuthStep {
  if (isRegistered) return authType === 'email' ? 'LOGIN_EMAIL' : 'LOGIN_MOBILE'
  return authType === 'email' ? 'ENTER_EMAIL' : 'REGISTER_MOBILE'
}

/** Where the top bar's back button goes: from any later step back to the number; null means leave the popup. */
export function previousStep(step: AuthStep, entry: AuthStep): AuthStep | null {
  if (step === entry) return null
  if (step === 'ENTER_MOBILE' || step === 'ENTER_FILE_NUMBER') return null
  return entry === 'ENTER_FILE_NUMBER' ? 'ENTER_FILE_NUMBER' : 'ENTER_MOBILE'
}

/** The first step of each authentication route; code steps need a known number, else the number comes first. */
export function entryStepFor(pathname: string, hasMobile: boolean, hasEmail: boolean): AuthStep {
  switch (pathname) {
    case '/login-with-file-number':
      return 'ENTER_FILE_NUMBER'
    case '/enter-email':
      return hasMobile ? 'ENTER_EMAIL' : 'ENTER_MOBILE'
    case '/register-with-mobile':
      return hasMobile ? 'REGISTER_MOBILE' : 'ENTER_MOBILE'
    case '/login-with-mobile':
      return hasMobile ? 'LOGIN_MOBILE' : 'ENTER_MOBILE'
    case '/login-with-email':
      return hasMobile ? 'LOGIN_EMAIL' : 'ENTER_MOBILE'
    case '/register-with-email':
      return hasMobile && hasEmail ? 'REGISTER_EMAIL' : hasMobile ? 'ENTER_EMAIL' : 'ENTER_MOBILE'
    default:
      return 'ENTER_MOBILE'
  }
}
