import { queryOptions } from '@tanstack/react-query'
import { PRODUCT_CODE } from '@/config/env'
import { api, dataOrThrow } from '@/lib/api'

/** The path segment `{product}-integrations`, with the lower-case product code. */
const INTEGRATION = `${PRODUCT_CODE.toLowerCase()}-integrations`

/** `GET /lemonade/api/{product}-integrations/config/{configId}` (public): pages, options and products [RG-44]. */
export function wizardConfigQueryOptions(configId: string) {
  return queryOptions({
    queryKey: ['shop', 'wizard', 'config', configId],
    queryFn: async ({ signal }) => {
      return dataOrThrow(await api.GET('/lemonade/api/{integration}/config/{configId}', {
        params: { path: { integration: INTEGRATION, configId } },
        signal,
      }))
    },
  })
}
