// The first screen's JavaScript budget: follows the landing's static imports in Vite's manifest from index.html,
// gzips each chunk as precompress.mjs does, prints a table and fails above the budget. Deterministic: sizes only, no
// timing; how fast the first screens paint is ./bench.sh's Lighthouse figure, not a test.
import { readFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * What the build may not exceed, gzipped: React 19 with React DOM, React Router's data router, i18next, TanStack Query
 * and the sign-in popup came to 146.6 KB; the budget leaves room for a few screens' worth of texts, so a library or a
 * screen slipping into the first route fails the build instead of slowing every first visit unnoticed.
 */
const BUDGET_KB = Number(process.env.FIRST_ROUTE_BUDGET_KB ?? 150)

/** `node scripts/size-report.mjs [DIST]`: the build to read, web/dist by default. */
const dist = process.argv[2] ? new URL(`file://${process.argv[2].replace(/\/?$/, '/')}`) : new URL('../dist/', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'))

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'))
if (!entryKey) throw new Error('the manifest has no index.html entry; is build.manifest on?')

/** The entry and every chunk it imports statically: what the browser loads before the first screen. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen)
  return seen
}

const chunks = [...staticClosure(entryKey)]
const kb = (bytes) => bytes / 1024
const sizes = (file) => {
  const data = readFileSync(new URL(file, dist))
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
  return { file, raw: data.length, gz: gzipSync(data, { level: 9 }).length, br: br.length }
}
const js = chunks.map((key) => sizes(manifest[key].file)).sort((a, b) => b.gz - a.gz)
const css = [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))].map(sizes)

const row = (name, raw, gz, br) =>
  `${name.padEnd(48)} ${kb(raw).toFixed(1).padStart(8)} ${kb(gz).toFixed(1).padStart(8)} ${kb(br).toFixed(1).padStart(8)}`
const total = (list) => list.reduce((sum, s) => ({ raw: sum.raw + s.raw, gz: sum.gz + s.gz, br: sum.br + s.br }), {
  raw: 0,
  gz: 0,
  br: 0,
})
const lines = [
  `first route (${entryKey} and its static imports), KB`,
  `${'file'.padEnd(48)} ${'raw'.padStart(8)} ${'gzip'.padStart(8)} ${'brotli'.padStart(8)}`,
]
for (const s of [...js, ...css]) lines.push(row(s.file, s.raw, s.gz, s.br))
const jsTotal = total(js)
const cssTotal = total(css)
lines.push(row(`JavaScript, ${js.length} files`, jsTotal.raw, jsTotal.gz, jsTotal.br))
lines.push(row(`CSS (inlined in index.html), ${css.length} files`, cssTotal.raw, cssTotal.gz, cssTotal.br))
lines.push(`JavaScript gzipped: ${kb(jsTotal.gz).toFixed(1)} KB; budget ${BUDGET_KB} KB`)
process.stdout.write(`${lines.join('\n')}\n`)

if (kb(jsTotal.gz) > BUDGET_KB) {
  process.stderr.write(`first route JavaScript is ${kb(jsTotal.gz).toFixed(1)} KB gzipped, over the ${BUDGET_KB} KB budget\n`)
  process.exit(1)
}
