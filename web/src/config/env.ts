/** Product code of this shop; shop calls use the service `{product}_SHOP` [CT-04]. */
export const PRODUCT_CODE = 'LIMOO'

export const SHOP_SERVICE = `${PRODUCT_CODE}_SHOP`

/** Products tag used when neither the query nor the session names one. */
export const DEFAULT_PRODUCTS_TAG = 'DIET'

/** Service of the token refresh `GET /auth/verify-lemonade?service=…` (spec 1 §7; case-insensitive per DECISIONS). */
export const VERIFY_SERVICE = `${PRODUCT_CODE}_shop`

/** How long a lazily loaded screen's code may take before it fails with ChunkLoadError (spec 1 §9) [ER-11]. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000

/** How long a POST waits for its bot-check token before it goes out with an empty one [AU-47]. */
export const BOT_CHECK_TIMEOUT_MS = 2_000

/**
 * How long an API call may take, answer included, before it fails as a lost connection would (the screen's retry
 * instead of a spinner). A slow 3G phone needs seconds for a call, and a payment start waits on the gateway, which
 * the BFF gives up on after 30 s (PAYMENT_GATEWAY_TIMEOUT_SECONDS): above that, the BFF's own answer comes first.
 */
export const REQUEST_TIMEOUT_MS = 45_000

/**
 * The bot-check (reCAPTCHA v3) site key: `VITE_BOT_CHECK_SITE_KEY` at build time, else the window global
 * `botCheckSiteKey` that a page embedding the script may set; '' when neither is set [AU-47].
 */
export function botCheckSiteKey(): string {
  const global: unknown = (window as unknown as Record<string, unknown>).botCheckSiteKey
  return import.meta.env.VITE_BOT_CHECK_SITE_KEY || (typeof global === 'string' ? global : '')
}
