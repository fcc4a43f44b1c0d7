#!/usr/bin/env node
/**
 * Generates bff/data/countries.json, the country table of the sign-in form
 * (spec 1 §3, §9; rules AU-27, AU-32).
 *
 *   node web/scripts/generate-countries.mjs          (from the repo root)
 *   node scripts/generate-countries.mjs              (from web/)
 *
 * Sources (exact-pinned devDependencies of web/):
 *   - libphonenumber-js  metadata.max.json  -> regions, dial codes, possible national number lengths
 *   - i18n-iso-countries  fa / en / tr locales -> Persian, English and Turkish names, alpha-2 -> alpha-3
 *
 * Entry shape: { id, code, min, max, name, nameEn, nameTr, iso2, iso3 }
 *   code    dial prefix without "+", a string ("98", "1809").
 *   min/max shortest/longest national significant number length of the MOBILE number type
 *           of that region (the sign-in form takes mobile numbers); when the region has no
 *           mobile type in the metadata, the region's general possible lengths. Informational
 *           only: the app does not validate against them (AU-27).
 *   name    Persian name (i18n-iso-countries "fa", its default/official entry).
 *   nameEn  English name (i18n-iso-countries "en", its default/official entry).
 *   nameTr  Turkish name (i18n-iso-countries "tr", its default/official entry), shown on Turkish screens.
 *
 * Which entries exist:
 *   - One entry per region of the phone metadata (every region with a country calling code).
 *   - Regions sharing the North American calling code 1, other than the code's main
 *     region (US) and Canada, get one entry per 3-digit area code taken from the region's
 *     leading-digits pattern in the metadata, code = "1" + area code (e.g. Dominican
 *     Republic 1809/1829/1849, Puerto Rico 1787/1939, Jamaica 1658/1876). Alternatives of
 *     that pattern that are not 3 digits long (DO's "8001") are not area codes and are skipped.
 *   - Other shared codes stay shared (Russia and Kazakhstan both "7", UK/Guernsey/Jersey/
 *     Isle of Man all "44", ...): outside NANP a national prefix is not part of the dial code.
 *   - Non-geographic codes (800, 808, 870, 878, 881-883, 888, 979) are left out.
 *   - ISO countries without a calling code (AQ, BV, GS, HM, PN, TF, UM) are left out since
 *     the phone metadata has no region for them.
 *   - Regions that i18n-iso-countries does not know (AC Ascension, TA Tristan da Cunha, which
 *     are not ISO 3166-1 countries) take names and the ISO "exceptionally reserved" alpha-3
 *     from FALLBACK below.
 *
 * Id rule (deterministic; regenerating from the same package versions gives the same ids):
 *   1. Iran (IR, code "98") is id 1; its min/max are forced to 6/10 (the spec's default record).
 *   2. Turkey (TR, code "90") is id 220 (reserved).
 *   3. All other entries are sorted by iso2 (ASCII), then by code compared as numbers
 *      (then as strings), and numbered 2, 3, 4, ... skipping 220.
 *   Note: if a package upgrade adds or removes a region, the ids of the entries sorted after
 *   it shift by one; Iran (1) and Turkey (220) never move. Bump the packages deliberately.
 *
 * The script validates its output and exits non-zero (writing nothing) if a check fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { Metadata, getCountries } from 'libphonenumber-js/core'

const require = createRequire(import.meta.url)
const metadataJson = require('libphonenumber-js/metadata.max.json')
const isoCountries = require('i18n-iso-countries')
isoCountries.registerLocale(require('i18n-iso-countries/langs/fa.json'))
isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json'))
isoCountries.registerLocale(require('i18n-iso-countries/langs/tr.json'))

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../bff/data/countries.json')

const IRAN = { iso2: 'IR', code: '98', id: 1, min: 6, max: 10 }
const TURKEY = { iso2: 'TR', code: '90', id: 220 }
/** NANP regions that keep the plain code "1" (the code's main region and Canada). */
const NANP_PLAIN = new Set(['US', 'CA'])
/** Regions in the phone metadata that i18n-iso-countries does not have. */
const FALLBACK = {
  AC: { name: 'جزیره آسنسیون', nameEn: 'Ascension Island', nameTr: 'Ascension Adası', iso3: 'ASC' },
  TA: { name: 'تریستان دا کونا', nameEn: 'Tristan da Cunha', nameTr: 'Tristan da Cunha', iso3: 'TAA' },
}

/**
 * Expands a leading-digits pattern made only of digits, character classes and "|"
 * ("8001|8[024]9") into the literal digit strings it matches. Throws on any other syntax
 * so that a metadata change that this script cannot follow is noticed.
 */
function expandLeadingDigits(pattern) {
  const out = []
  for (const alternative of pattern.split('|')) {
    let prefixes = ['']
    const re = /(\d)|\[([^\]]+)\]/gy
    let m
    let consumed = 0
    while ((m = re.exec(alternative))) {
      consumed = re.lastIndex
      let digits
      if (m[1] !== undefined) digits = [m[1]]
      else {
        digits = []
        for (const part of m[2].match(/\d-\d|\d/g)) {
          if (part.length === 1) digits.push(part)
          else for (let d = +part[0]; d <= +part[2]; d++) digits.push(String(d))
        }
      }
      prefixes = prefixes.flatMap((p) => digits.map((d) => p + d))
    }
    if (consumed !== alternative.length) {
      throw new Error(`cannot expand leading-digits pattern ${JSON.stringify(pattern)}`)
    }
    out.push(...prefixes)
  }
  return out
}

const metadata = new Metadata(metadataJson)
const fallbackUsed = []
const skippedLeadingDigits = []
const entries = []

for (const iso2 of getCountries(metadataJson)) {
  const plan = metadata.selectNumberingPlan(iso2)
  const callingCode = plan.countryCallingCode()
  const mobile = plan.type('MOBILE')
  const lengths = (mobile && mobile.possibleLengths()) || plan.possibleLengths()

  let names
  if (isoCountries.isValid(iso2)) {
    names = {
      name: isoCountries.getName(iso2, 'fa'),
      nameEn: isoCountries.getName(iso2, 'en'),
      nameTr: isoCountries.getName(iso2, 'tr'),
      iso3: isoCountries.alpha2ToAlpha3(iso2),
    }
    if (!names.name) {
      // Not the case with 7.14.0; keep the English name rather than drop the country.
      names.name = names.nameEn
      fallbackUsed.push(`${iso2}: no Persian name, English used`)
    }
    if (!names.nameTr) {
      names.nameTr = names.nameEn
      fallbackUsed.push(`${iso2}: no Turkish name, English used`)
    }
  } else if (FALLBACK[iso2]) {
    names = FALLBACK[iso2]
    fallbackUsed.push(`${iso2}: not in i18n-iso-countries, names/iso3 from FALLBACK`)
  } else {
    throw new Error(`${iso2} is in the phone metadata but has no names; add it to FALLBACK`)
  }

  let codes = [callingCode]
  if (callingCode === '1' && !NANP_PLAIN.has(iso2)) {
    const leading = plan.leadingDigits()
    if (!leading) throw new Error(`NANP region ${iso2} has no leading digits`)
    const all = expandLeadingDigits(leading)
    const areaCodes = all.filter((d) => d.length === 3)
    for (const d of all) if (d.length !== 3) skippedLeadingDigits.push(`${iso2}: ${d}`)
    if (areaCodes.length === 0) throw new Error(`NANP region ${iso2}: no area code in ${leading}`)
    codes = [...new Set(areaCodes)].sort().map((a) => '1' + a)
  }

  for (const code of codes) {
    entries.push({
      code,
      min: Math.min(...lengths),
      max: Math.max(...lengths),
      name: names.name,
      nameEn: names.nameEn,
      nameTr: names.nameTr,
      iso2: iso2.toUpperCase(),
      iso3: names.iso3.toUpperCase(),
    })
  }
}

// Ids.
const isEntry = (e, fixed) => e.iso2 === fixed.iso2 && e.code === fixed.code
const iran = entries.find((e) => isEntry(e, IRAN))
const turkey = entries.find((e) => isEntry(e, TURKEY))
if (!iran || !turkey) throw new Error('Iran (98) or Turkey (90) missing from the phone metadata')
iran.id = IRAN.id
iran.min = IRAN.min
iran.max = IRAN.max
turkey.id = TURKEY.id
const rest = entries
  .filter((e) => e !== iran && e !== turkey)
  .sort(
    (a, b) =>
      (a.iso2 < b.iso2 ? -1 : a.iso2 > b.iso2 ? 1 : 0) ||
      Number(a.code) - Number(b.code) ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  )
let next = 2
for (const e of rest) {
  if (next === TURKEY.id) next++
  e.id = next++
}

const table = entries
  .map(({ id, code, min, max, name, nameEn, nameTr, iso2, iso3 }) => ({ id, code, min, max, name, nameEn, nameTr, iso2, iso3 }))
  .sort((a, b) => a.id - b.id)

// Validation.
const problems = []
const ids = new Set(table.map((e) => e.id))
if (ids.size !== table.length) problems.push('ids are not unique')
if (table.length < 230 || table.length > 250) problems.push(`${table.length} entries, expected 230..250`)
const byId = (id) => table.find((e) => e.id === id)
const ir = byId(1)
if (!(ir && ir.iso2 === 'IR' && ir.code === '98' && ir.min === 6 && ir.max === 10)) problems.push('Iran is not id 1 / 98 / 6..10')
const tr = byId(220)
if (!(tr && tr.iso2 === 'TR' && tr.code === '90')) problems.push('Turkey is not id 220 / 90')
const seen = new Set()
for (const e of table) {
  const tag = `${e.id} ${e.iso2} ${e.code}`
  if (!/^[1-9]\d{0,3}$/.test(e.code)) problems.push(`${tag}: bad code`)
  if (!(Number.isInteger(e.min) && Number.isInteger(e.max) && e.min >= 1 && e.min <= e.max && e.max <= 20))
    problems.push(`${tag}: bad min/max ${e.min}/${e.max}`)
  if (!/^[A-Z]{2}$/.test(e.iso2) || !/^[A-Z]{3}$/.test(e.iso3)) problems.push(`${tag}: bad iso2/iso3`)
  if (!e.name || !e.nameEn || !e.nameTr) problems.push(`${tag}: missing name`)
  if (seen.has(e.iso2 + '+' + e.code)) problems.push(`${tag}: duplicate iso2+code`)
  seen.add(e.iso2 + '+' + e.code)
}
if (problems.length) {
  process.stderr.write('countries.json NOT written:\n  ' + problems.join('\n  ') + '\n')
  process.exit(1)
}

mkdirSync(dirname(OUT), { recursive: true })
writeFileSync(OUT, JSON.stringify(table, null, 2) + '\n', 'utf8')

// Plain stdout writes: the web lint config allows no console.log.
const report = [`wrote ${table.length} entries to ${OUT}`]
report.push(`  regions: ${new Set(table.map((e) => e.iso2)).size}, distinct codes: ${new Set(table.map((e) => e.code)).size}`)
if (fallbackUsed.length) report.push('  name fallbacks:\n    ' + fallbackUsed.join('\n    '))
if (skippedLeadingDigits.length)
  report.push('  NANP leading digits that are not area codes (skipped): ' + skippedLeadingDigits.join(', '))
process.stdout.write(report.join('\n') + '\n')
