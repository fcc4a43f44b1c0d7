import { setupWorker } from 'msw/browser'
import { clearToken } from '@/lib/auth'
import { signIn } from '../auth'
import { operationHandlers } from './operations'
import { DEFAULT_SCENARIO, findScenario, scenarios, type MockScenario } from './scenarios'

/** Session storage key of the scenario this tab last started, so a reload keeps the visitor's sign-in. */
const STARTED_KEY = 'limooMockScenario'

/** `?scenario=` (or `?mock=`) first, then `VITE_MOCK_SCENARIO`, then the one this tab ran last, then `default`. */
function chosenScenario(): MockScenario {
  const query = new URLSearchParams(window.location.search)
  const asked =
    query.get('scenario') ??
    query.get('mock') ??
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

/**
 * The scenario picker, outside React: a small tab on the screen's edge at mid-height, where no footer, pay button
 * or header lies, that opens into the labelled list and what the scenario does; choosing reloads in that scenario.
 */
function showPicker(current: MockScenario): void {
  const picker = document.createElement('details')
  picker.dataset.testid = 'mock-picker'
  picker.dir = 'ltr'
  picker.style.cssText =
    'position:fixed;inset-block-start:45%;right:0;z-index:2147483647;font:12px/1.4 monospace;color:#111;' +
    'background:#fffbe6;border:1px solid #b58900;border-right:0;border-radius:6px 0 0 6px;padding:4px 6px;' +
    'max-width:calc(100vw - 24px);box-shadow:0 1px 4px rgb(0 0 0 / 20%)'
  const tab = document.createElement('summary')
  tab.textContent = `mock: ${current.name}`
  tab.style.cursor = 'pointer'
  const label = document.createElement('label')
  label.textContent = 'Mock scenario '
  label.style.display = 'block'
  const select = document.createElement('select')
  select.dataset.testid = 'mock-scenario'
  for (const scenario of scenarios) {
    const option = new Option(scenario.name, scenario.name, false, scenario.name === current.name)
    option.title = scenario.description
    select.add(option)
  }
  select.addEventListener('change', () => {
    const url = new URL(window.location.href)
    url.searchParams.delete('mock')
    url.searchParams.set('scenario', select.value)
    window.location.assign(url)
  })
  label.append(select)
  const about = document.createElement('p')
  about.textContent = current.description
  about.style.cssText = 'margin:4px 0 0;max-width:28em;white-space:normal'
  picker.append(tab, label, about)
  document.body.append(picker)
}

const scenario = chosenScenario()
enter(scenario)
await setupWorker(...scenario.handlers, ...operationHandlers).start({ onUnhandledRequest: 'bypass' })
showPicker(scenario)
console.warn(`mock: scenario "${scenario.name}": ${scenario.description}`)
await import('@/main')
