import { queryOptions, useQuery } from '@tanstack/react-query'
import { SHOP_SERVICE } from '@/config/env'
import { fetchProducts } from './get-products'

const PARTNER_DISCOUNT = 'PARTNER_DISCOUNT'

/**
 * The partner bundles of /partner-bundle-landing (spec 2 §7, last row): enabled BUNDLE products of the shop tagged
 * PARTNER_DISCOUNT whose meta type contains PARTNER_DISCOUNT, with the utm campaign and disablePreviewCheckRules.
 */
export const partnerBundlesWhere = {
  productType: 'BUNDLE',
  service: SHOP_SERVICE,
  isEnabled: true,
  'meta.tags': PARTNER_DISCOUNT,
  'meta.type': { like: PARTNER_DISCOUNT },
}

export function partnerBundlesQueryOptions(utmCampaign: string | null) {
  return queryOptions({
    queryKey: ['shop', 'products', 'partner-bundles', utmCampaign],
    queryFn: ({ signal }) =>
      fetchProducts(
        partnerBundlesWhere,
        { ...(utmCampaign ? { utmCampaign } : {}), disablePreviewCheckRules: true },
        signal,
      ),
  })
}

export function usePartnerBundles(utmCampaign: string | null) {
  return useQuery(partnerBundlesQueryOptions(utmCampaign))
}
