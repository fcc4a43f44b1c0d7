/**
 * Limoo e2e fixtures. Import `test` and `expect` from here, not from @playwright/test.
 *
 * Every test gets its own processes, so journeys never see each other's customers, codes,
 * point holds or orders:
 * - `simulators` (test-scoped): the SMS and e-mail simulators the BFF sends codes to; tests read
 *   codes from their control endpoints (support/codes.ts).
 * - `bff` (test-scoped, automatic): the real BFF binary on a random port with its own fresh
 *   temporary SQLite database and the demo data; killed and its database deleted after the test.
 * - `baseURL`: points at that test's BFF, so `page.goto('/#/...')` works.
 * Both logs land in the test's output folder (test-results/…/bff.log, simulators.log).
 */
import { test as base, expect } from '@playwright/test'
import { startBff, startSimulators, type RunningBff, type RunningSimulators } from './support/bff'

interface TestFixtures {
  simulators: RunningSimulators
  bff: RunningBff
}

export const test = base.extend<TestFixtures>({
  simulators: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const simulators = await startSimulators(testInfo.outputPath('simulators.log'))
      try {
        await use(simulators)
      } finally {
        await simulators.stop()
      }
    },
    { timeout: 60_000 },
  ],
  bff: [
    async ({ simulators }, use, testInfo) => {
      const bff = await startBff(testInfo.outputPath('bff.log'), simulators)
      try {
        await use(bff)
      } finally {
        await bff.stop()
      }
    },
    { auto: true, timeout: 60_000 },
  ],
  // Overrides the built-in option: the address is only known once the BFF has started.
  baseURL: async ({ bff }, use) => {
    await use(bff.baseURL)
  },
})

export { expect }
