import { setupWorker } from 'msw/browser'
import { clearToken } from '@/lib/auth'
import { signIn } from '../auth'
import { operationHandlers } from './operations'
import { DEFAULT_SCENARIO, findScenario, scenarios, type MockScenario } from './scenarios'

/** Session storage key of the scenario this tab last started, so a reload keeps the visitor's sign-in. */
const STARTED_KEY = 'limooMockScenario'

/** `?scenario=` first, then `VITE_MOCK_SCENARIO`, then the one this tab ran last, then `default`. */
function chosenScenario(): MockScenario {
  const asked =
    new URLSearchParams(window.location.search).get('scenario') ??
    (import.meta.env.VITE_MOCK_SCENARIO as string | undefined) ??
    window.sessionStorage.getItem(STARTED_KEY) ??
    DEFAULT_SCENARIO
  const scenario = findScenario(asked)
  if (scenario !== undefined) return scenario
  console.warn(`mock: unknown scenario "${asked}"; known: ${scenarios.map(({ name }) => name).join(', ')}`)
  return findScenario(DEFAULT_SCENARIO) ?? scenarios[0]!
}

/** Entering a scenario sets the visitor's sign-in as it says; staying in it keeps whatever the visitor did. */
function enter(scenario: MockScenario): void {
  if (window.sessionStorage.getItem(STARTED_KEY) === scenario.name) return
  window.sessionStorage.setItem(STARTED_KEY, scenario.name)
  if (scenario.signedIn) signIn({ expiresIn: 24 * 3600 })
  else clearToken()
}

/** A small fixed picker, outside React: choosing reloads the page in that scenario. */
function showPicker(current: MockScenario): void {
  const select = document.createElement('select')
  select.setAttribute('aria-label', 'mock scenario')
  select.dataset.testid = 'mock-scenario'
  select.style.cssText = 'position:fixed;inset-block-end:8px;inset-inline-start:8px;z-index:2147483647;font:12px monospace;opacity:.8'
  for (const scenario of scenarios) {
    const option = new Option(scenario.name, scenario.name, false, scenario.name === current.name)
    option.title = scenario.description
    select.add(option)
  }
  select.addEventListener('change', () => {
    const url = new URL(window.location.href)
    url.searchParams.set('scenario', select.value)
    window.location.assign(url)
  })
  document.body.append(select)
}

const scenario = chosenScenario()
enter(scenario)
await setupWorker(...scenario.handlers, ...operationHandlers).start({ onUnhandledRequest: 'bypass' })
showPicker(scenario)
console.warn(`mock: scenario "${scenario.name}": ${scenario.description}`)
await import('@/main')
