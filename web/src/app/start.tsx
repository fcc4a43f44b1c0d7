import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { chosenLanguage, createI18n } from '@/i18n'
import { App } from './app'
import { prerenderedScreen, rendersPrerendered, routerSettled } from './prerender/screens'
import { createAppRouter, type AppRouter } from './router'

/**
 * Starts the app in `container`. A landing screen prerendered at build time is already painted there (index.html's
 * picker chose it): React takes it over in place (hydration) once the router has settled on that same screen for
 * this visitor, so the painted screen stays and becomes live. When the router settles elsewhere (a signed-in
 * customer, answers from earlier in the session) the app renders afresh over it; without a prerendered screen it
 * renders at once, its fallback showing while the first route loads.
 */
export async function startApp(container: HTMLElement): Promise<{ root: Root; router: AppRouter; hydrated: boolean }> {
  const i18n = createI18n(chosenLanguage())
  const router = createAppRouter()
  // The picker leaves a prerendered screen inert: a tap or a typed number before React owns it would be lost.
  // `data-started` says the app owns the page (the browser suites wait for it: the scripts load after the first
  // paint, so the page's load event no longer means the app has started).
  const started = () => {
    container.removeAttribute('inert')
    container.setAttribute('data-started', '')
  }
  const app = (
    <StrictMode>
      <App router={router} i18n={i18n} onStarted={started} />
    </StrictMode>
  )
  const shown = prerenderedScreen(container)
  if (shown !== undefined) {
    await routerSettled(router)
    // Texts that failed to load show Persian under a Turkish language: not what was prerendered.
    const language = i18n.hasResourceBundle(i18n.language, 'translation') ? i18n.language : ''
    if (rendersPrerendered(shown, router, language)) {
      // As a transition, hydration yields to the browser every few milliseconds instead of holding a phone's main
      // thread for one long task: a tap meanwhile is answered (React hydrates what was tapped first).
      let root: Root | undefined
      startTransition(() => {
        root = hydrateRoot(container, app)
      })
      return { root: root as Root, router, hydrated: true }
    }
  }
  const root = createRoot(container)
  root.render(app)
  return { root, router, hydrated: false }
}
