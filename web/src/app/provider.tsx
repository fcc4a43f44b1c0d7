import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { useEffect, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { directionOf } from '@/i18n'

/** Keeps <html lang dir> in step with the active language (fa is right-to-left). */
function useDocumentLanguage(i18n: I18n) {
  useEffect(() => {
    const apply = (language: string) => {
      document.documentElement.lang = language
      document.documentElement.dir = directionOf(language)
    }
    apply(i18n.language)
    i18n.on('languageChanged', apply)
    return () => i18n.off('languageChanged', apply)
  }, [i18n])
}

interface AppProviderProps {
  i18n: I18n
  queryClient: QueryClient
  children: ReactNode
}

export function AppProvider({ i18n, queryClient, children }: AppProviderProps) {
  useDocumentLanguage(i18n)
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  )
}
