/** Product code of this shop; shop calls use the service `{product}_SHOP` [CT-04]. */
export const PRODUCT_CODE = 'LIMOO'

export const SHOP_SERVICE = `${PRODUCT_CODE}_SHOP`

/** Products tag used when neither the query nor the session names one. */
export const DEFAULT_PRODUCTS_TAG = 'DIET'

/** Service of the token refresh `GET /auth/verify-lemonade?service=…` (spec 1 §7; case-insensitive per DECISIONS). */
export const VERIFY_SERVICE = `${PRODUCT_CODE}_shop`

/** Embedded support site of the side menu's support popup (placeholder until the real address is known). */
export const SUPPORT_SITE_URL = 'about:blank'

/** How long a lazily loaded screen's code may take before it fails with ChunkLoadError (spec 1 §9) [ER-11]. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
