import { queryOptions, useQuery } from '@tanstack/react-query'
import { DEFAULT_PRODUCTS_TAG, SHOP_SERVICE } from '@/config/env'
import { settings } from '@/config/flags'
import { sendAnalyticsEvent } from '@/lib/analytics'
import { api, dataOrThrow } from '@/lib/api'
import { optionalBearer } from '@/lib/auth'

/** What select-package-c asks the catalogue for. */
export interface ProductsRequest {
  productsTag: string
  utmCampaign?: string
  filterNormalDiet: boolean
}

/** The catalogue filter: enabled shop products with the given tag. */
export function productsWhere(productsTag: string) {
  return {
    service: SHOP_SERVICE,
    isEnabled: true,
    'meta.tags': productsTag,
  }
}

/** The request built from the session: products tag, utm campaign and the filterNormalDiet flag [PR-43]. */
export function productsRequestFromSettings(): ProductsRequest {
  const utmCampaign = settings.utmCampaign()
  return {
    productsTag: settings.productsTag() || DEFAULT_PRODUCTS_TAG,
    ...(utmCampaign ? { utmCampaign } : {}),
    filterNormalDiet: settings.filterNormalDiet(),
  }
}

/** The catalogue's query parameters besides `where`. */
interface CatalogueQuery {
  utmCampaign?: string
  filterNormalDiet?: boolean
  disablePreviewCheckRules?: boolean
}

/**
 * `GET /lemonade/api/products` with a `where` filter: the one place that calls the catalogue. It carries the token
 * when one is stored and goes anonymously otherwise [PM-84].
 */
export async function fetchProducts(where: Record<string, unknown>, query: CatalogueQuery, signal?: AbortSignal) {
  return dataOrThrow(await api.GET('/lemonade/api/products', {
    params: { query: { where: JSON.stringify(where), ...query } },
    headers: optionalBearer(),
    signal,
  }))
}

/** The error event of a catalogue fetch that succeeds with nothing to offer [ER-64]. */
export const NO_PRODUCTS_EVENT = 'no_products'

/** The shop step's catalogue: a successful fetch without products is reported as the `no_products` error event. */
async function fetchShopProducts(request: ProductsRequest, signal: AbortSignal) {
  const products = await fetchProducts(
    productsWhere(request.productsTag),
    {
      ...(request.utmCampaign ? { utmCampaign: request.utmCampaign } : {}),
      ...(request.filterNormalDiet ? { filterNormalDiet: true } : {}),
    },
    signal,
  )
  if (products.length === 0) void sendAnalyticsEvent({ action: NO_PRODUCTS_EVENT, category: 'error', label: request.productsTag })
  return products
}

export function productsQueryOptions(request: ProductsRequest) {
  return queryOptions({
    queryKey: ['shop', 'products', request],
    queryFn: ({ signal }) => fetchShopProducts(request, signal),
  })
}

export function useProducts(request: ProductsRequest) {
  return useQuery(productsQueryOptions(request))
}
