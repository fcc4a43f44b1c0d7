import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { chosenLanguage, createI18n } from '@/i18n'
import { AppProvider } from './provider'
import { createQueryClient } from './query-client'
import { createAppRouter } from './router'

export function App() {
  const [i18n] = useState(() => createI18n(chosenLanguage()))
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(createAppRouter)
  return (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
