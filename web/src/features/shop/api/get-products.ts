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

export function productsQueryOptions(request: ProductsRequest) {
  return queryOptions({
    queryKey: ['shop', 'products', request],
    queryFn: async ({ signal }) => {
      const { data, error, response } = await api.GET('/lemonade/api/products', {
        params: {
          query: {
            where: JSON.stringify(productsWhere(request.productsTag)),
            ...(request.utmCampaign ? { utmCampaign: request.utmCampaign } : {}),
            ...(request.filterNormalDiet ? { filterNormalDiet: true } : {}),
          },
        },
        signal,
      })
      if (error !== undefined || data === undefined) throw toApiError(error, response)
      return data
    },
  })
}

export function useProducts(request: ProductsRequest) {
  return useQuery(productsQueryOptions(request))
}
