// Benchmark, not a test (no test asserts a time): Lighthouse's mobile preset (simulated Slow 4G, 4× CPU slowdown, 412 px phone)
// against a running BFF, in Debian's Chromium. Prints performance, first and largest contentful paint, and the
// bytes of JavaScript the page fetched.
//
//   cd web/bench && npm ci && node lighthouse.mjs [URL] [RUNS]     URL default http://127.0.0.1:8080/, RUNS default 3 (median shown)
//
// bench.sh runs it on the three screens an anonymous visitor lands on: /, #/betterme/1 and #/konkur/1.
//
// CHROMIUM_PATH overrides /usr/bin/chromium.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const url = process.argv[2] ?? 'http://127.0.0.1:8080/'
const runs = Number(process.argv[3] ?? 3)
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** One cold Lighthouse run in a fresh browser profile: nothing cached from the run before. */
async function measure() {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    })
    const { audits, categories } = result.lhr
    const scripts = audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script')
    return {
      performance: Math.round(categories.performance.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      jsKb: scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024,
      jsFiles: scripts.length,
    }
  } finally {
    await chrome.kill()
  }
}

const results = []
for (let run = 1; run <= runs; run += 1) {
  const figures = await measure()
  results.push(figures)
  process.stdout.write(
    `run ${run}: performance ${figures.performance}, FCP ${(figures.fcp / 1000).toFixed(2)} s, ` +
      `LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${figures.tbt.toFixed(0)} ms, ` +
      `JS ${figures.jsKb.toFixed(1)} KB sent in ${figures.jsFiles} files\n`,
  )
}
const median = (pick) => results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)]
process.stdout.write(
  `median of ${runs} (${url}): performance ${median((r) => r.performance)} (goal ≥ 98), ` +
    `FCP ${(median((r) => r.fcp) / 1000).toFixed(2)} s (goal ≤ 1.0 s), LCP ${(median((r) => r.lcp) / 1000).toFixed(2)} s (goal ≤ 1.5 s), ` +
    `JS sent ${median((r) => r.jsKb).toFixed(1)} KB\n`,
)
