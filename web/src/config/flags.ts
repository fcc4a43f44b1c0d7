import { DEFAULT_PRODUCTS_TAG } from './env'

/**
 * Session settings and feature flags (spec 1 §2 "Route guard", spec 2 §3 "Storage keys" and "Feature flags").
 *
 * A flag is read from session storage first, then from a window global of the same name, as the
 * original app did. Values are strings in storage; window globals may be booleans or strings.
 */

/** Query parameters that the app copies into session storage when a route is opened. */
export const PERSISTED_QUERY_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'landing',
  'productsTag',
  'selectCOrF',
  'sPCRequireAuth',
  'sPCShowTopBanner',
  'oneDietEconomyBadge',
  'filterNormalDiet',
  'partnerBundleDesign',
] as const

function storage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

function windowSetting(name: string): unknown {
  return (window as unknown as Record<string, unknown>)[name]
}

/** The raw setting: session storage value, else the window global as a string, else null. */
export function readSetting(name: string): string | null {
  const stored = storage()?.getItem(name)
  if (stored !== null && stored !== undefined) return stored
  const global = windowSetting(name)
  if (global === undefined || global === null) return null
  return String(global)
}

/** A flag is on when its setting is present and not 'false', '0' or empty. */
export function isFlagOn(name: string): boolean {
  const value = readSetting(name)
  if (value === null) return false
  const normalised = value.trim().toLowerCase()
  return normalised !== '' && normalised !== 'false' && normalised !== '0' && normalised !== 'null'
}

/** A flag that is on only when its setting is exactly the string 'true'. */
export function isFlagTrue(name: string): boolean {
  return readSetting(name)?.trim().toLowerCase() === 'true'
}

export function writeSetting(name: string, value: string): void {
  storage()?.setItem(name, value)
}

export function removeSetting(name: string): void {
  storage()?.removeItem(name)
}

/** Copies the known query parameters of a URL into session storage. */
export function persistQuerySettings(search: URLSearchParams): void {
  for (const key of PERSISTED_QUERY_KEYS) {
    const value = search.get(key)
    if (value !== null) writeSetting(key, value)
  }
}

/** Names of the settings the shop reads, in one place. */
export const settings = {
  productsTag: () => readSetting('productsTag') ?? DEFAULT_PRODUCTS_TAG,
  selectCOrF: () => (readSetting('selectCOrF') ?? 'F').toUpperCase(),
  landing: () => readSetting('landing'),
  utmCampaign: () => readSetting('utm_campaign'),
  filterNormalDiet: () => isFlagTrue('filterNormalDiet'),
  showTopBanner: () => isFlagOn('sPCShowTopBanner'),
  oneDietEconomyBadge: () => isFlagOn('oneDietEconomyBadge'),
  isGlnPackage: () => isFlagOn('isGlnPackage') || isFlagOn('glnPackage'),
  isUserPanelPackage: () => isFlagOn('isUserPanelPackage') || isFlagOn('userPanelPackage'),
} as const
