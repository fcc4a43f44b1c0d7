import type { LoaderFunctionArgs } from 'react-router'

/**
 * Sign-in guard of the login-required routes (spec 1 §2 "Route guard"): select-package-c, select-package-f/{id},
 * checkout-new, user-panel and, with loginBeforeResult, result.
 *
 * This slice has no sign-in yet, so the guard lets every visitor through. The identity slice replaces the body:
 * unauthenticated visitors go to /enter?next={encoded return address}, except on select-package-c and -f when
 * session sPCRequireAuth is the string 'false'.
 */
export function requireAuth(_args: LoaderFunctionArgs): null {
  return null
}
