import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { loadLanguage, loadLaterTexts } from '@/i18n'
import { resetTokenCheck } from '@/lib/auth'
import { server } from './server'

// Two-core CI machines run several test files at once; a page may need more than the default 1 s to settle.
configure({ asyncUtilTimeout: 5000 })

// Tests create instances synchronously with every text; the app fetches Turkish before rendering and the later
// Persian texts with the first lazily loaded screen.
// The sign-in steps load their checks' code (zod) at the first change; a cold import of it can take seconds on a
// loaded machine, which would land inside the first typing test's wait.
await Promise.all([loadLanguage('tr'), loadLaterTexts(), import('@/features/auth/domain/schemas')])

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

let consoleErrors: string[] = []

beforeEach(() => {
  consoleErrors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '))
  })
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  server.resetHandlers()
  window.sessionStorage.clear()
  window.localStorage.clear()
  window.location.hash = ''
  resetTokenCheck()
  const errors = consoleErrors
  consoleErrors = []
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`)
})

afterAll(() => server.close())
