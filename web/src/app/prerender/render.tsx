import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter } from 'react-router'
import { createI18n, loadLanguage, type Language } from '@/i18n'
import { App } from '../app'
import { routes } from '../router'
import { routerSettled } from './screens'

/**
 * The HTML of the screen the app settles on for `address` in `language`, rendered by the same components, route
 * table and loaders as in the browser (a memory router in place of the hash router), for a visitor with nothing
 * stored: what `main.tsx` hydrates. Build time and tests only; the app's bundle never imports react-dom/server.
 */
export async function renderScreen(address: string, language: Language): Promise<{ html: string; path: string; title: string }> {
  await loadLanguage(language)
  const router = createMemoryRouter(routes, { initialEntries: [address] })
  await routerSettled(router)
  const i18n = createI18n(language)
  const html = renderToString(
    <StrictMode>
      <App router={router} i18n={i18n} />
    </StrictMode>,
  )
  const path = router.state.location.pathname
  router.dispose()
  return { html, path, title: i18n.t('app.name') }
}
