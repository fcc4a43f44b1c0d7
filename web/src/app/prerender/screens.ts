import { settings } from '@/config/flags'
import { STORE_KEYS } from '@/features/quiz/domain/store-keys'
import { isLoggedIn } from '@/lib/auth'
import type { AppRouter } from '../router'

/**
 * The screens an anonymous visitor lands on, prerendered at build time in each language (`scripts/prerender.mjs`)
 * and painted from `index.html` before any script has loaded: `addresses` are the hash routes that show the
 * screen, `path` is where the app settles for them (`/` goes through the package wizard to the sign-in popup,
 * konkur's step 1 is `kn_1`).
 */
export const PRERENDERED_SCREENS = [
  { addresses: ['/'], path: '/enter' },
  { addresses: ['/betterme/1'], path: '/betterme/1' },
  { addresses: ['/konkur/1', '/konkur/kn_1'], path: '/konkur/kn_1' },
] as const

/** Settles once the router has run the first screen's loaders and loaded its code (redirects included). */
export function routerSettled(router: AppRouter): Promise<void> {
  const done = () => router.state.initialized && router.state.navigation.state === 'idle'
  if (done()) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe(() => {
      if (!done()) return
      unsubscribe()
      resolve()
    })
  })
}

/** What `#root` says the page shows: `{language} {path}` of the prerendered screen index.html's picker put there. */
export function prerenderedScreen(root: HTMLElement): string | undefined {
  return root.dataset.prerendered
}

/**
 * Whether the settled app renders exactly what was prerendered for `shown`, so that hydrating it keeps the painted
 * screen: the same screen and language, the visitor signed out (the menu and the guards differ otherwise), no
 * operator theme (its logo), and on a questionnaire no answers or counted steps from earlier in the session (the
 * prerender has none). Otherwise the app renders afresh over it: the first paint was still the right screen's
 * layout, and a signed-in customer's screen replaces it as soon as the app has started.
 */
export function rendersPrerendered(shown: string, router: AppRouter, language: string): boolean {
  const { location, errors } = router.state
  if (errors !== null || shown !== `${language} ${location.pathname}`) return false
  if (isLoggedIn() || settings.isOperatorTheme()) return false
  const session = window.sessionStorage
  return session.getItem(STORE_KEYS.answers) === null && session.getItem(STORE_KEYS.completedSteps) === null
}
