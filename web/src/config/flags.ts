import { DEFAULT_PRODUCTS_TAG } from './env'

/**
 * Session settings and feature flags (spec 1 §2 "Route guard", spec 2 §3 "Storage keys" and "Feature flags").
 *
 * A flag is read from session storage first, then from a window global of the same name, as the
 * original app did. Values are strings in storage; window globals may be booleans or strings.
 */

/**
 * Feature flags: settings a query parameter may switch for the browser session [RG-39]; they also travel in the
 * session's meta and are patched onto it when they change [AU-38].
 *
 * - `isOperatorTheme`: telecom-operator themed variant; the top bars show the operator logo [AU-54].
 * - `loginBeforeResult`: /result needs sign-in and sign-in returns to /result [RG-07, RG-29].
 * - `sendToPanel` (default on): select-package-c sends a user who already has a diet to /diets [RG-22].
 * - `userPanelEnabled` (default on): /user-panel enters the panel, else goes to /diets [RG-35, RG-36].
 * - the select-package settings of the shop (`selectCOrF`, `sPCRequireAuth`, …) and payment switches of spec 2.
 */
export const FEATURE_FLAG_KEYS = [
  'selectCOrF',
  'sPCRequireAuth',
  'sPCShowTopBanner',
  'oneDietEconomyBadge',
  'filterNormalDiet',
  'partnerBundleDesign',
  'isOperatorTheme',
  'loginBeforeResult',
  'sendToPanel',
  'userPanelEnabled',
  'defaultPaymentMethod',
  'onlinePaymentGateway',
  'isTallyEnabled',
  'isRamazanEnabled',
  'goToLimooCard',
  'isSnappEnabled',
  'isTaraEnabled',
  'isDigipayEnabled',
  'isBluBankEnabled',
  'BLUBANK_CASHBACK_VALUE',
  'paymentMethodsVisibility',
  'enablePointUsage',
] as const

/** Query parameters that the app copies into session storage when a route is opened [RG-39]. */
export const PERSISTED_QUERY_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'landing',
  'productsTag',
  ...FEATURE_FLAG_KEYS,
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

/** Copies the known query parameters of a URL into session storage; returns the feature flags whose value changed. */
export function persistQuerySettings(search: URLSearchParams): string[] {
  const changedFlags: string[] = []
  for (const key of PERSISTED_QUERY_KEYS) {
    const value = search.get(key)
    if (value === null) continue
    if ((FEATURE_FLAG_KEYS as readonly string[]).includes(key) && storage()?.getItem(key) !== value) changedFlags.push(key)
    writeSetting(key, value)
  }
  return changedFlags
}

/** On unless the setting is exactly 'false' (or '0'): for flags that default to on. */
export function isFlagNotOff(name: string): boolean {
  const value = readSetting(name)?.trim().toLowerCase()
  return value !== 'false' && value !== '0'
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
  /** Login waived on select-package-c and -f only when exactly the string 'false' [RG-16]. */
  selectPackageAuthWaived: () => readSetting('sPCRequireAuth') === 'false',
  loginBeforeResult: () => isFlagOn('loginBeforeResult'),
  sendToPanel: () => isFlagNotOff('sendToPanel'),
  userPanelEnabled: () => isFlagNotOff('userPanelEnabled'),
  isOperatorTheme: () => isFlagOn('isOperatorTheme'),
  /** Checkout: the promotion-code form; confirming an order sets it [PR-27]. */
  showPromotionField: () => isFlagOn('showPromotionField'),
  /** Checkout: the points switch unless the setting is exactly 'false' [PR-14]. */
  pointUsageEnabled: () => readSetting('enablePointUsage') !== 'false',
  /** Payment methods: 'all' or a comma list of method values (absent counts as 'all'). */
  paymentMethodsVisibility: () => readSetting('paymentMethodsVisibility'),
  defaultPaymentMethod: () => readSetting('defaultPaymentMethod'),
  isTallyEnabled: () => isFlagOn('isTallyEnabled'),
  /** Percent of the BluBank cashback note (spec 2 §9: 15 percent). */
  bluBankCashbackValue: () => readSetting('BLUBANK_CASHBACK_VALUE'),
  /** Success page: 'track order' without a tracking URL opens the limoo card page [PM-67]. */
  goToLimooCard: () => isFlagTrue('goToLimooCard'),
} as const
