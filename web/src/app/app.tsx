import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import type { i18n as I18n } from 'i18next'
import { chosenLanguage, createI18n } from '@/i18n'
import { AppProvider } from './provider'
import { createQueryClient } from './query-client'
import { createAppRouter, type AppRouter } from './router'

interface AppProps {
  /**
   * The router and texts made before the first render: a screen prerendered at build time is hydrated only once
   * its router has settled on the same screen, and the build renders the same tree with a memory router.
   */
  router?: AppRouter
  i18n?: I18n
  /** Once the app's first render is on the page (the prerendered screen hydrated, or rendered afresh over it). */
  onStarted?: () => void
}

export function App({ router: madeRouter, i18n: madeI18n, onStarted }: AppProps = {}) {
  const [i18n] = useState(() => madeI18n ?? createI18n(chosenLanguage()))
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => madeRouter ?? createAppRouter())
  const [started] = useState(() => onStarted)
  useEffect(() => started?.(), [started])
  return (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
