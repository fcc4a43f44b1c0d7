/**
 * Limoo e2e fixtures. Import `test` and `expect` from here, not from @playwright/test.
 *
 * - `bff` (worker-scoped, automatic): the real BFF binary on a random port with its own
 *   fresh temporary SQLite database and the demo catalogue; killed and its database
 *   deleted when the worker finishes.
 * - `simulators` (worker-scoped): the SMS and e-mail simulators the BFF sends codes to; tests
 *   read codes from their control endpoints (support/codes.ts).
 * - `baseURL`: points at that worker's BFF, so `page.goto('/#/...')` works.
 */
import { test as base, expect } from '@playwright/test'
import { startBff, startSimulators, type RunningBff, type RunningSimulators } from './support/bff'

interface WorkerFixtures {
  simulators: RunningSimulators
  bff: RunningBff
}

export const test = base.extend<object, WorkerFixtures>({
  simulators: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const simulators = await startSimulators(`w${workerInfo.workerIndex}`)
      try {
        await use(simulators)
      } finally {
        await simulators.stop()
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  bff: [
    async ({ simulators }, use, workerInfo) => {
      const bff = await startBff(`w${workerInfo.workerIndex}`, simulators)
      try {
        await use(bff)
      } finally {
        await bff.stop()
      }
    },
    { scope: 'worker', auto: true, timeout: 60_000 },
  ],
  // Overrides the built-in option: the address is only known once the BFF has started.
  baseURL: async ({ bff }, use) => {
    await use(bff.baseURL)
  },
})

export { expect }
