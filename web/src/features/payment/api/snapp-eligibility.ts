import { useQuery } from '@tanstack/react-query'
import { SHOP_SERVICE } from '@/config/env'
import { authApi } from '@/lib/auth'

/** What the popup knows about Snapp Pay for this amount: allowed, or not with SnappPay's own words [PM-37, PM-38]. */
export interface SnappEligibilityResult {
  eligible: boolean
  /** SnappPay's offer or refusal text, shown verbatim under the method; null when there is none. */
  description: string | null
}

/**
 * `POST /lemonade/api/payments/snapp-pay/eligibility` with the payable total in rial (toman × 10) [PM-37], asked when
 * the popup opens. A failed check counts as not eligible; it never keeps the popup from opening [PM-38].
 */
export function useSnappEligibility(enabled: boolean, payableToman: number) {
  return useQuery({
    queryKey: ['payment', 'snappEligibility', payableToman],
    enabled,
    retry: false,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<SnappEligibilityResult> => {
      try {
        const { data } = await authApi.POST('/lemonade/api/payments/snapp-pay/eligibility', {
          body: { amount: payableToman * 10, service: SHOP_SERVICE, gateway: 'SNAPP_PAY' },
          signal,
        })
        if (data === undefined) return { eligible: false, description: null }
        return { eligible: data.response.eligible, description: data.response.description.trim() || null }
      } catch (failure) {
        console.warn('Snapp Pay eligibility check failed', failure)
        return { eligible: false, description: null }
      }
    },
  })
}
