import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { chosenLanguage, directionOf, switchLanguage } from '@/i18n'
import { startUp, startupSearch, type StartupState } from './startup'

/**
 * Keeps <html lang dir> and the page's title in step with the active language (fa is right-to-left), and switches language when the
 * address asks for another with `?lang=` while the app runs (the hash router changes no page) [CT-05].
 */
function useDocumentLanguage(i18n: I18n) {
  useEffect(() => {
    const apply = (language: string) => {
      document.documentElement.lang = language
      document.documentElement.dir = directionOf(language)
      document.title = i18n.t('app.name', { lng: language })
    }
    const follow = () => {
      const language = chosenLanguage()
      if (language === i18n.language) return
      // Texts that fail to load leave the screen in its current language.
      switchLanguage(i18n, language).catch((failure: unknown) => console.warn('language texts did not load', failure))
    }
    apply(i18n.language)
    i18n.on('languageChanged', apply)
    window.addEventListener('hashchange', follow)
    return () => {
      i18n.off('languageChanged', apply)
      window.removeEventListener('hashchange', follow)
    }
  }, [i18n])
}

/**
 * Runs the start-up once per app (token cookie, verify, session). A session failure was already reported as an
 * error event; it is logged here rather than taking the whole shop down [AU-37].
 */
function useStartup(enabled: boolean): StartupState {
  const [state, setState] = useState<StartupState>('IDLE')
  const started = useRef(false)
  useEffect(() => {
    if (!enabled || started.current) return
    started.current = true
    setState('PENDING')
    startUp(startupSearch())
      .then(setState)
      .catch((failure: unknown) => {
        console.warn('start-up failed', failure)
        setState('FAIL')
      })
  }, [enabled])
  return state
}

interface AppProviderProps {
  /** Run the start-up (verify, session); on by default. */
  startup?: boolean
  i18n: I18n
  queryClient: QueryClient
  children: ReactNode
}

export function AppProvider({ i18n, queryClient, children, startup = true }: AppProviderProps) {
  useDocumentLanguage(i18n)
  useStartup(startup)
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  )
}
