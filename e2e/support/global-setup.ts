import type { FullConfig } from '@playwright/test'
import { assertBuilt } from './bff'

/**
 * Preflight only: fail once, before any worker starts, with the build command to run
 * when the BFF binary or the web build is missing. Each test starts its own BFF
 * (see the `bff` fixture in fixtures.ts).
 */
export default function globalSetup(_config: FullConfig): void {
  assertBuilt()
}
