/** Product code of this shop; shop calls use the service `{product}_SHOP` [CT-04]. */
export const PRODUCT_CODE = 'LIMOO'

export const SHOP_SERVICE = `${PRODUCT_CODE}_SHOP`

/** Products tag used when neither the query nor the session names one. */
export const DEFAULT_PRODUCTS_TAG = 'DIET'
