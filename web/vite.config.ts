import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The BFF serves the API and, in production, web/dist itself. LIMOO_BFF_URL points the dev proxy elsewhere. */
const bff = process.env.LIMOO_BFF_URL ?? 'http://127.0.0.1:8080'
/**
 * Every prefix the BFF answers, read from the committed spec (the BFF's router list is tested against the
 * same spec), plus the spec and its docs: a new API area reaches the dev proxy without an edit here.
 */
const spec = JSON.parse(readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, unknown>
}
const apiPrefixes = [...new Set(Object.keys(spec.paths).map((path) => `/${path.split('/')[1]}`))]
const bffProxy = Object.fromEntries([...apiPrefixes, '/openapi.json', '/docs'].map((p) => [p, bff]))

/** The app's shared code (shared → features → app): what the bundle groups below split by first screen or later. */
const sharedCode = /[\\/]src[\\/](lib|config|components)[\\/]/

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: bffProxy },
  preview: { proxy: bffProxy },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: scripts/size-report.mjs follows the first route's imports in it.
    manifest: true,
    rolldownOptions: {
      output: {
        // The first screen in a few files, not a dozen: on a phone each extra request waits its round trip for
        // one of six connections. The libraries every screen uses go together, and so does the shared app code the
        // first screen runs ($initial: statically imported from index.html); the shared code only later screens
        // use is one chunk of its own, so the first screen does not download it and later ones get no crumbs.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|openapi-fetch|react-hook-form)[\\/]/,
            },
            { name: 'shared', test: sharedCode, tags: ['$initial'] },
            { name: 'shared-later', test: sharedCode },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    restoreMocks: true,
    // Page tests that render whole routes take 1–2 s alone; on a loaded 2-core CI machine the 5 s default flakes.
    testTimeout: 15_000,
  },
})
