import { redirect, type LoaderFunctionArgs } from 'react-router'
import { removeSetting, settings, writeSetting } from '@/config/flags'
import { paths, withQuery } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { ensureTokenChecked, isLoggedIn, loginPathFor } from '@/lib/auth'
import {
  fetchActivePackageStatus,
  fetchCanBuyDiet,
  fetchProfileOrders,
  REPURCHASE_STATUSES,
} from './routes/guard-calls'

/**
 * Route guards (spec 1 §2 "Route guard"), used as loaders by the one route table in router.tsx.
 */

/** Session storage key of the address to return to after sign-in [RG-04…RG-06]. */
export const REDIRECT_KEY = 'redirectAfterLogin'

const AUTH_PATHS = [
  '/enter',
  '/enter-email',
  '/register-with-mobile',
  '/register-with-email',
  '/login-with-mobile',
  '/login-with-email',
  '/login-with-file-number',
  '/login-with-reverse-otp',
] as const

function returnAddress(url: URL): string {
  return `${url.pathname}${url.search}`
}

function toLogin(url: URL): Response {
  return redirect(loginPathFor(returnAddress(url)))
}

/**
 * Login required: an anonymous visitor goes to /enter?next={encoded return address} [RG-15]. The start-up token check
 * comes first, so a customer with an expired token and a valid refresh cookie, or a lemonadeToken cookie, stays on
 * the page [AU-40…AU-42].
 */
export async function requireAuth({ request }: LoaderFunctionArgs): Promise<Response | null> {
  await ensureTokenChecked()
  return isLoggedIn() ? null : toLogin(new URL(request.url))
}

/** /result: login required only with the loginBeforeResult flag; sign-in then returns to /result [RG-29]. */
export async function resultGuard(args: LoaderFunctionArgs): Promise<Response | null> {
  return settings.loginBeforeResult() ? requireAuth(args) : null
}

/**
 * The authentication routes: on a path containing /enter the stored redirect is cleared and `next` stored [RG-04,
 * RG-05]; an authenticated user goes on to /enter-success [RG-03]. (/enter-success itself keeps the stored redirect,
 * or RG-06 could never apply.)
 */
export async function authScreenGuard({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url)
  if (url.pathname.includes('/enter') && url.pathname !== paths.enterSuccess) {
    removeSetting(REDIRECT_KEY)
    const next = url.searchParams.get('next')
    if (next) writeSetting(REDIRECT_KEY, next)
  }
  await ensureTokenChecked()
  return isLoggedIn() ? redirect(paths.enterSuccess) : null
}

/** /enter-success: the stored redirect (consumed), else /result with loginBeforeResult, else /user-panel [RG-06…RG-08]. */
export function enterSuccessTarget(): string {
  const stored = window.sessionStorage.getItem(REDIRECT_KEY)
  if (stored) {
    removeSetting(REDIRECT_KEY)
    return stored.startsWith('/') ? stored : `/${stored}`
  }
  return settings.loginBeforeResult() ? '/result' : '/user-panel'
}

export function enterSuccessLoader(): Response {
  return redirect(enterSuccessTarget())
}

/** The profile-order redirect [RG-17…RG-21]: PROF and AFTER_PROF go to wizard page 1 with a config id. */
export function profileOrderConfigId(dietTypes: readonly string[]): string | null {
  if (dietTypes.includes('PROF')) return 'SELECT_F_AFTER_PROF'
  if (dietTypes.includes('AFTER_PROF')) return 'SELECT_F_RECOVER_AFTER_PROF'
  return null
}

/** A guard call's failure: 401 → /logout [RG-23]; else the same page with errorCode and errorMessage [RG-24]. */
function guardFailure(url: URL, failure: unknown): Response {
  const error = failure instanceof ApiError ? failure : undefined
  if (error && (error.status === 401 || error.code === '401')) return redirect(paths.logout)
  const query = new URLSearchParams(url.search)
  query.set('errorCode', error ? error.code : 'UNKNOWN')
  query.set('errorMessage', error ? error.message : failure instanceof Error ? failure.message : String(failure))
  return redirect(withQuery(url.pathname, query))
}

/**
 * select-package-c and select-package-f/{id}: login unless session sPCRequireAuth is exactly 'false' [RG-15,
 * RG-16]; for a signed-in user the profile-order redirect (skipped with noRedirect=true or a configId) [RG-17…RG-21]
 * and, on page c, the can-buy-diet check: a user with a diet goes to /diets when sendToPanel is on [RG-22].
 * A page that already carries errorCode is shown as is (it is the re-entry of RG-24), which also prevents a loop.
 */
function selectPackageGuard(page: 'c' | 'f') {
  return async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    const url = new URL(request.url)
    const query = url.searchParams
    await ensureTokenChecked()
    if (!isLoggedIn()) return settings.selectPackageAuthWaived() ? null : toLogin(url)
    if (query.has('errorCode') || query.has('errorMessage')) return null
    try {
      if (query.get('noRedirect') !== 'true' && !query.get('configId')) {
        const orders = await fetchProfileOrders(request.signal)
        const configId = profileOrderConfigId(orders.map((order) => order.dietType))
        if (configId !== null) {
          const target = new URLSearchParams(query)
          target.set('configId', configId)
          return redirect(withQuery(paths.selectPackageF(1), target))
        }
      }
      if (page === 'c' && settings.sendToPanel()) {
        const canBuyDiet = await fetchCanBuyDiet(request.signal)
        if (!canBuyDiet) return redirect(paths.diets)
      }
      return null
    } catch (failure) {
      return guardFailure(url, failure)
    }
  }
}

export const selectPackageCGuard = selectPackageGuard('c')
export const selectPackageFGuard = selectPackageGuard('f')

export type UserPanelStep = 'PAYMENT' | 'QUESTIONS'

/**
 * /user-panel [RG-15, RG-33…RG-37]: login required; step PAYMENT with from=landing, else QUESTIONS; a package
 * waiting for or failing its transaction, or expired, goes to /select-package; otherwise the panel when the panel
 * feature (`userPanelEnabled`, default on) is enabled, else /diets. A failed package load behaves as the enabled check.
 */
export async function userPanelLoader(args: LoaderFunctionArgs): Promise<Response | { step: UserPanelStep }> {
  const auth = await requireAuth(args)
  if (auth) return auth
  const url = new URL(args.request.url)
  const step: UserPanelStep = url.searchParams.get('from') === 'landing' ? 'PAYMENT' : 'QUESTIONS'
  try {
    const status = await fetchActivePackageStatus(args.request.signal)
    if ((REPURCHASE_STATUSES as readonly string[]).includes(status)) return redirect(paths.selectPackage)
  } catch {
    // RG-37: behave as the enabled check.
  }
  return settings.userPanelEnabled() ? { step } : redirect(paths.diets)
}

export { AUTH_PATHS }
