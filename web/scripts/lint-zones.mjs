// The lint zones of the web features, generated from the folder list so that a new feature cannot import another's
// internals or the app layer, so each feature can change alone. `node scripts/lint-zones.mjs` checks that .oxlintrc.json holds one zone per
// folder of src/features and fails otherwise; `--write` rewrites them. `npm run lint` runs the check first.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

const config = new URL('../.oxlintrc.json', import.meta.url)
const featuresDir = new URL('../src/features/', import.meta.url)
const featureZone = /^src\/features\/[^/]+\/\*\*$/

const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

/** A feature may import shared code and itself, never the app layer or another feature. */
const zone = (feature) => ({
  files: [`src/features/${feature}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@/app/*', '@/app/**'], message: 'Features must not import the app layer.' },
          {
            group: ['@/features/*', '@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: 'No cross-feature imports: move shared code to components/, lib/ or config/.',
          },
        ],
      },
    ],
  },
})

const text = readFileSync(config, 'utf8')
const current = JSON.parse(text)
const isFeatureZone = (override) => override.files.length === 1 && featureZone.test(override.files[0])
const firstZone = current.overrides.findIndex(isFeatureZone)
const others = current.overrides.filter((override) => !isFeatureZone(override))
// The zones stay where they were (after the shared code's rules), or go last.
const at = firstZone === -1 ? others.length : current.overrides.slice(0, firstZone).filter((o) => !isFeatureZone(o)).length
const wanted = { ...current, overrides: [...others.slice(0, at), ...features.map(zone), ...others.slice(at)] }
const wantedText = `${JSON.stringify(wanted, null, 2)}\n`

if (process.argv.includes('--write')) {
  writeFileSync(config, wantedText)
  process.stdout.write(`lint zones: ${features.join(', ')}\n`)
} else if (wantedText !== text) {
  process.stderr.write('.oxlintrc.json lacks a lint zone per feature folder (or holds a stale one): run `npm run lint:zones`\n')
  process.exit(1)
}
