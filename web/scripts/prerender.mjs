// Prerenders the screens an anonymous visitor lands on (src/app/prerender/screens.ts) in each language and writes
// them into dist/index.html as <template>s, which index.html's picker paints before any script has loaded and
// main.tsx then hydrates. The screens are rendered by the app's own components, route table and loaders
// (src/app/prerender/render.tsx, loaded through Vite so aliases, JSON and CSS imports resolve as in the build), in
// a jsdom window with nothing stored, as a first visit finds the browser; every API call answers 204, as verify
// does for a visitor without a refresh cookie.
//
//   node scripts/prerender.mjs [DIST]      after `vite build`; `npm run build` runs it
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { createServer } from 'vite'

const web = new URL('..', import.meta.url).pathname
const dist = process.argv[2] ?? join(web, 'dist')

/** The screen's own code (lazily loaded, its CSS not in index.html) whose style sheets the template carries. */
const screenModules = {
  '/enter': [],
  '/betterme/1': ['src/features/quiz/components/quiz-step-page.tsx'],
  '/konkur/kn_1': ['src/features/quiz/components/quiz-step-page.tsx'],
}

const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'http://localhost/' })
for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'HTMLElement']) {
  Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true })
}
globalThis.fetch = async () => new Response(null, { status: 204 })

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
/** The CSS files of a manifest entry and its static imports. */
function cssOf(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return []
  seen.add(key)
  const chunk = manifest[key]
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => cssOf(imported, seen))]
}
const inlined = new Set(cssOf('index.html'))
function stylesFor(path) {
  const files = [...new Set((screenModules[path] ?? []).flatMap((key) => cssOf(key)))].filter((file) => !inlined.has(file))
  return files.map((file) => `<style>${readFileSync(join(dist, file), 'utf8')}</style>`).join('')
}

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

const vite = await createServer({
  root: web,
  configFile: join(web, 'vite.config.ts'),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
})
let templates = ''
try {
  const { PRERENDERED_SCREENS } = await vite.ssrLoadModule('/src/app/prerender/screens.ts')
  const { renderScreen } = await vite.ssrLoadModule('/src/app/prerender/render.tsx')
  const { languages } = await vite.ssrLoadModule('/src/i18n/index.ts')
  for (const screen of PRERENDERED_SCREENS) {
    for (const language of languages) {
      window.sessionStorage.clear()
      window.localStorage.clear()
      const { html, path, title } = await renderScreen(screen.addresses[0], language)
      if (path !== screen.path) throw new Error(`${screen.addresses[0]} settled on ${path}, not ${screen.path}`)
      templates +=
        `<template data-screen="${language}" data-addresses="${screen.addresses.join(' ')}" data-path="${path}" ` +
        `data-title="${escapeAttribute(title)}">${stylesFor(path)}${html}</template>`
      process.stdout.write(`prerendered ${language} ${screen.addresses.join(' ')} → ${path}: ${(html.length / 1024).toFixed(1)} KB\n`)
    }
  }
} finally {
  await vite.close()
}

const indexPath = join(dist, 'index.html')
const index = readFileSync(indexPath, 'utf8')
const marker = '<!-- prerendered screens -->'
if (!index.includes(marker)) throw new Error(`${indexPath} has no ${marker}`)
writeFileSync(indexPath, index.replace(marker, templates))
// The app's timers (query cache collection, time limits) would keep Node waiting for minutes.
process.exit(0)
