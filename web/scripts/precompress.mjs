// Writes brotli (.br) and gzip (.gz) siblings of the built text assets, so the BFF sends them compressed
// without compressing on every request. Node's own zlib: no extra package for two calls.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = new URL('../dist/', import.meta.url).pathname
/** Already-compressed formats (fonts, images, media) gain nothing. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/
/** Below this a compressed copy saves less than its headers cost. */
const minBytes = 1024

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

let raw = 0
let brotli = 0
for (const path of files(dist)) {
  if (!compressible.test(path)) continue
  const data = readFileSync(path)
  if (data.length < minBytes) continue
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  })
  writeFileSync(`${path}.br`, br)
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }))
  raw += data.length
  brotli += br.length
}
process.stdout.write(`precompressed ${(raw / 1024).toFixed(0)} KiB of text assets to ${(brotli / 1024).toFixed(0)} KiB brotli\n`)
