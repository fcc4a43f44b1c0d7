import { render } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'
import { createI18n, type Language } from '@/i18n'

interface RenderAppOptions {
  language?: Language
  /** Session storage entries set before the app starts. */
  session?: Record<string, string>
  /**
   * Run the app's start-up effect (default). Off, the route guards run alone, as they do in a browser where the
   * router's first loaders start before the start-up effect.
   */
  startup?: boolean
}

/** Mounts the whole app (real route table) at `path`, right-to-left, in the fa locale by default. */
export function renderApp(path: string, { language = 'fa', session = {}, startup = true }: RenderAppOptions = {}) {
  for (const [key, value] of Object.entries(session)) window.sessionStorage.setItem(key, value)
  const i18n = createI18n(language)
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity } },
  })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const result = render(
    <div dir={language === 'fa' ? 'rtl' : 'ltr'} lang={language}>
      <AppProvider i18n={i18n} queryClient={queryClient} startup={startup}>
        <RouterProvider router={router} />
      </AppProvider>
    </div>,
  )
  return { ...result, router, queryClient, i18n }
}

/** The router's current address as path + query, for redirect assertions. */
export function currentLocation(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`
}
