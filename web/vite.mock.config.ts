import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import base from './vite.config.ts'

/** msw's service worker, straight from the installed package: it always matches the library's version. */
const workerPath = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')

/**
 * `npm run dev:mock`: the app on the dev server with msw answering the API (src/testing/mock). The page starts at
 * the mock entry, which starts the worker and then imports the real `src/main.tsx`; the worker is served from
 * node_modules. Nothing here is used by `vite build`, so the production bundle holds none of it.
 */
function mockBff(): Plugin {
  return {
    name: 'limoo-mock-bff',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace('/src/main.tsx', '/src/testing/mock/browser.ts'),
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript')
        response.end(readFileSync(workerPath))
      })
    },
  }
}

export default {
  ...base,
  plugins: [...(base.plugins ?? []), mockBff()],
  // No BFF behind it: every API call is answered in the browser.
  server: { ...base.server, proxy: {} },
}
