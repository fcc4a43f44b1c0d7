import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, toApiError, type components } from '@/lib/api'

export type AppConfig = components['schemas']['AppConfig']
export type ChatWidget = components['schemas']['ChatWidget']

/**
 * The deployment's support site, phone, e-mail, chat widget and payment gateways, from the BFF (`GET /lemonade/api/app-config`) rather than the build,
 * so one build serves every deployment. Asked once per page load; the answer does not change while the page is open.
 */
export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: ['app-config'],
    queryFn: async ({ signal }): Promise<AppConfig> => {
      const { data, error, response } = await api.GET('/lemonade/api/app-config', { signal })
      if (data === undefined) throw toApiError(error, response)
      return data
    },
    staleTime: Infinity,
  })
}

const NOTHING_CONFIGURED: AppConfig = { paymentGateways: [] }

/** The app config; undefined while it loads. One that cannot be loaded counts as nothing configured. */
export function useAppConfig(): AppConfig | undefined {
  const query = useQuery(appConfigQueryOptions())
  return query.isError ? NOTHING_CONFIGURED : query.data
}

/** Whether the deployment configures any way to reach support besides a chat widget: site, phone or e-mail. */
export function hasSupportContacts(config: AppConfig | undefined): boolean {
  return Boolean(config?.supportSiteUrl || config?.supportPhone || config?.supportEmail)
}
