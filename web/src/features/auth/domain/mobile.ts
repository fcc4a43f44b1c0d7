import { toLatinDigits } from '@/lib/digits'

/** Iran's country id, the default [AU-32]. */
export const IRAN_COUNTRY_ID = 1
export const TURKEY_COUNTRY_ID = 220
export const IRAN_MOBILE_MAX_LENGTH = 10
/** Shown when no number is known yet [AU-30]. */
export const DEFAULT_SHOWN_MOBILE = '09999999999'

/** 09 or 9 followed by 9 digits (after digit conversion) [AU-26]. */
const IRANIAN_MOBILE = /^0?9\d{9}$/

/** The derived country label [AU-32]. */
export function countryLabel(countryId: number): 'IR' | 'TR' | 'OTHER' {
  if (countryId === IRAN_COUNTRY_ID) return 'IR'
  if (countryId === TURKEY_COUNTRY_ID) return 'TR'
  return 'OTHER'
}

/**
 * What the mobile field keeps of the typed text [AU-23, AU-28, AU-29]: Persian and Arabic-Indic digits become Latin,
 * and for Iran spaces go, a leading 0 of `09…` is removed and the value is cut to 10 characters.
 */
export function sanitiseMobileInput(raw: string, countryId: number): string {
  const latin = toLatinDigits(raw)
  if (countryId !== IRAN_COUNTRY_ID) return latin.trim()
  const compact = latin.replace(/\s+/g, '')
  const withoutZero = compact.startsWith('09') ? compact.slice(1) : compact
  return withoutZero.slice(0, IRAN_MOBILE_MAX_LENGTH)
}

export type MobileProblem = 'required' | 'invalid'

/** Required everywhere; for Iran it must be an Iranian mobile; other countries' lengths are not checked [AU-25…AU-27]. */
export function mobileProblem(value: string, countryId: number): MobileProblem | null {
  const latin = toLatinDigits(value).trim()
  if (latin === '') return 'required'
  if (countryId === IRAN_COUNTRY_ID && !IRANIAN_MOBILE.test(latin)) return 'invalid'
  return null
}

/** The number as shown on the code screens: 0-prefixed for Iran, +prefix otherwise; the default when unknown [AU-30]. */
export function displayMobile(mobile: string, countryId: number, dialCode?: string): string {
  if (mobile === '') return DEFAULT_SHOWN_MOBILE
  if (countryId === IRAN_COUNTRY_ID) return mobile.startsWith('0') ? mobile : `0${mobile}`
  if (mobile.startsWith('+') || !dialCode) return mobile
  return `+${dialCode}${mobile}`
}
