import { queryOptions, useQuery } from '@tanstack/react-query'
import { dataOrThrow, toApiError } from '@/lib/api'
import { authApi, MissingTokenError } from '@/lib/auth'
import { fetchInvoice } from '@/lib/invoice'

/** `GET /lemonade/api/orders/{id}/invoice` for the success page [PM-61]. */
export function paidInvoiceQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: ['payment', 'paidInvoice', orderId],
    queryFn: ({ signal }) => fetchInvoice(orderId, signal),
    retry: false,
  })
}

export function usePaidInvoice(orderId: number | null) {
  return useQuery({ ...paidInvoiceQueryOptions(orderId ?? 0), enabled: orderId !== null })
}

/**
 * What the mentor-link answer means for the support button [PM-62…PM-64]: the link (button shown), a login button
 * (`MOBILE_NUMBER_NOT_FOUND`, `USER_NOT_FOUND`, or not signed in), or nothing (`PROFILE_NUMBER_NOT_FOUND` and any
 * other failure).
 */
export type MentorSupport = { kind: 'link'; href: string } | { kind: 'login' } | { kind: 'hidden' }

const LOGIN_CODES = new Set(['MOBILE_NUMBER_NOT_FOUND', 'USER_NOT_FOUND'])

/** `GET /mentors/link-by-mobile`, asked once the invoice has loaded [PM-61]. */
export function useMentorSupport(enabled: boolean) {
  return useQuery({
    queryKey: ['payment', 'mentorLink'],
    enabled,
    retry: false,
    queryFn: async ({ signal }): Promise<MentorSupport> => {
      try {
        const { data, error, response } = await authApi.GET('/mentors/link-by-mobile', { signal })
        // No link where the deployment has no mentor service: nothing to show.
        if (data !== undefined) return data.mentorLink ? { kind: 'link', href: data.mentorLink } : { kind: 'hidden' }
        return LOGIN_CODES.has(toApiError(error, response).code) ? { kind: 'login' } : { kind: 'hidden' }
      } catch (failure) {
        if (failure instanceof MissingTokenError) return { kind: 'login' }
        throw failure
      }
    },
  })
}

/** The one query the BFF's GraphQL path answers: the partner-discount SMS of an order [PM-66]. */
const PARTNER_SMS_QUERY =
  'query PartnerDiscountSms($orderId: Int!) { partnerDiscountSmsLogs(filter: { orderId: $orderId }) { message } }'

/** The SMS text sent for a partner-discount order; null when there is none. */
export function usePartnerDiscountSms(orderId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['payment', 'partnerSms', orderId],
    enabled: enabled && orderId !== null,
    retry: false,
    queryFn: async ({ signal }) => {
      const data = dataOrThrow(await authApi.POST('/lemonade/api/gateway/graphql', {
        body: { query: PARTNER_SMS_QUERY, variables: { orderId } },
        signal,
      }))
      return data.data.partnerDiscountSmsLogs[0]?.message ?? null
    },
  })
}
