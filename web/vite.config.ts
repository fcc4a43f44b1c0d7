import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The BFF serves the API and, in production, web/dist itself. LIMOO_BFF_URL points the dev proxy elsewhere. */
const bff = process.env.LIMOO_BFF_URL ?? 'http://127.0.0.1:8080'
/** Every prefix the BFF answers (bff/src/startup.rs API_PREFIXES) plus its spec. */
const bffProxy = Object.fromEntries(['/lemonade', '/landing', '/healthz', '/auth', '/app', '/api', '/openapi.json'].map((p) => [p, bff]))

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: bffProxy },
  preview: { proxy: bffProxy },
  build: {
    outDir: 'dist',
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    restoreMocks: true,
  },
})
