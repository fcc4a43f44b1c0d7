import { defineConfig } from '@playwright/test'

/**
 * Limoo end-to-end suite: Playwright against the REAL BFF binary (see fixtures.ts),
 * Debian's Chromium headless shell (nothing downloads a browser), one 390 px phone project for RTL.
 *
 *   cd e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci && npx playwright test
 *
 * Environment: CHROMIUM_PATH (default /usr/lib/chromium/chromium-headless-shell), LIMOO_BFF_BIN (default
 * ../target/debug/bff), LIMOO_WEB_DIR (default ../web/dist), LIMOO_BFF_LOG (RUST_LOG for the BFF).
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell'

export default defineConfig({
  testDir: './journeys',
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  fullyParallel: true,
  // Playwright's default is half the cores: one worker on a 2-core CI machine. A journey mostly waits on its own
  // BFF and page, so two at a time took the suite from ~135 s to ~80 s there.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // Beside the Gherkin reports, where CI keeps the run's output: the HTML report carries each failure's trace.
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: '../target/reports/playwright' }],
    ['junit', { outputFile: '../target/reports/playwright-junit.xml' }],
  ],
  use: {
    // baseURL is set per test by the `bff` fixture (fixtures.ts): the port is random.
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone-390',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
})
