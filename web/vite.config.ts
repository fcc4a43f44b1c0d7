import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
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

/**
 * The first screen's style sheets go inside index.html: on a phone each render-blocking request costs a
 * round trip before anything paints, and 3.5 KB gzipped rides along with the page instead. The files stay in dist for
 * the chunks that name them later.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'limoo-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (link, fileName: string) => {
          const asset = bundle?.[fileName]
          if (asset?.type !== 'asset') return link
          return `<style>${String(asset.source)}</style>`
        })
      },
    },
  }
}

/**
 * The app's scripts are requested once the first screen has painted, not from the head: index.html paints a
 * prerendered screen by itself, and a phone's first paint (as Lighthouse simulates it) would otherwise count every
 * script that finished loading before it. The entry and its modulepreloads become one inline loader at the end of
 * the body, run after the picker; it fires after the next frame, or after 200 ms where frames do not come (a tab
 * opened in the background).
 */
function loadEntryAfterFirstPaint(): Plugin {
  return {
    name: 'limoo-load-entry-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries: string[] = []
        const preloads: string[] = []
        const rest = html
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src: string) => {
            entries.push(src)
            return ''
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
            preloads.push(href)
            return ''
          })
        if (entries.length !== 1) throw new Error(`index.html: expected one module entry, found ${entries.length}`)
        const loader =
          `<script>(function(){var started=false;function load(){if(started)return;started=true;` +
          `${JSON.stringify(preloads)}.forEach(function(href){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.appendChild(l)});` +
          `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entries[0])};document.head.appendChild(s)}` +
          `requestAnimationFrame(function(){setTimeout(load)});setTimeout(load,200)})()</script>`
        return rest.replace('</body>', `${loader}\n  </body>`)
      },
    },
  }
}

/** The app's shared code (shared → features → app): what the bundle groups below split by first screen or later. */
const sharedCode = /[\\/]src[\\/](lib|config|components)[\\/]/

export default defineConfig({
  plugins: [react(), inlineEntryCss(), loadEntryAfterFirstPaint()],
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
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|openapi-fetch)[\\/]/,
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
    unstubGlobals: true,
    // One jsdom per worker instead of one per test file: building the environment and the setup (msw, both
    // languages' texts) for each of ~120 files took four fifths of the suite's CPU. What a test leaves behind is
    // undone after each test (setup-tests.ts), so files do not depend on running alone.
    isolate: false,
    // Every core: the default leaves one free, which on a 2-core CI machine meant one worker (59 s → 34 s).
    maxWorkers: availableParallelism(),
    // Page tests that render whole routes take 1–2 s alone; on a loaded 2-core CI machine the 5 s default flakes.
    testTimeout: 15_000,
  },
})
