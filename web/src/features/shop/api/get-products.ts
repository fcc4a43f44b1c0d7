import { queryOptions, useQuery } from '@tanstack/react-query'
import { DEFAULT_PRODUCTS_TAG, SHOP_SERVICE } from '@/config/env'
import { settings } from '@/config/flags'
import { api, toApiError } from '@/lib/api'

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

/** `GET /lemonade/api/products` with a `where` filter: the one place that calls the catalogue. */
export async function fetchProducts(where: Record<string, unknown>, query: CatalogueQuery, signal?: AbortSignal) {
  const { data, error, response } = await api.GET('/lemonade/api/products', {
    params: { query: { where: JSON.stringify(where), ...query } },
    signal,
  })
  if (error !== undefined || data === undefined) throw toApiError(error, response)
  return data
}

export function productsQueryOptions(request: ProductsRequest) {
  return queryOptions({
    queryKey: ['shop', 'products', request],
    queryFn: ({ signal }) =>
      fetchProducts(
        productsWhere(request.productsTag),
        {
          ...(request.utmCampaign ? { utmCampaign: request.utmCampaign } : {}),
          ...(request.filterNormalDiet ? { filterNormalDiet: true } : {}),
        },
        signal,
      ),
  })
}

export function useProducts(request: ProductsRequest) {
  return useQuery(productsQueryOptions(request))
}
