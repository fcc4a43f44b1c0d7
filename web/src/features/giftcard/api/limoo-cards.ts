import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, dataOrThrow } from '@/lib/api'
import { authApi, MissingTokenError } from '@/lib/auth'

/** The visit session the start-up stored [AU-35]; the gift request carries it. */
const readSessionId = () => window.sessionStorage.getItem('sessId')

export interface RedeemInput {
  giftCode: string
  selectedProductId?: number
}

/**
 * `POST /lemonade/api/limoo-cards` with `sessionId`, the lower-cased `giftCode` and the optional `selectedProductId`
 * [PM-76]. A refusal throws an ApiError whose `code` names it (spec 2 §8).
 */
export function useRedeemGiftCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ giftCode, selectedProductId }: RedeemInput) => {
      const sessionId = readSessionId()
      return dataOrThrow(await authApi.POST('/lemonade/api/limoo-cards', {
        body: {
          giftCode,
          ...(sessionId ? { sessionId } : {}),
          ...(selectedProductId !== undefined ? { selectedProductId } : {}),
        },
      }))
    },
    // The result page must not show the gifts as they were before this card.
    onSuccess: () => queryClient.removeQueries({ queryKey: redeemedKey }),
  })
}

const redeemedKey = ['giftcard', 'redeemed'] as const

/** `GET /lemonade/api/limoo-cards/redeemed`: the gifts the signed-in customer activated, newest first. */
export function redeemedGiftsQueryOptions() {
  return queryOptions({
    queryKey: redeemedKey,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      return dataOrThrow(await authApi.GET('/lemonade/api/limoo-cards/redeemed', { signal }))
    },
  })
}

export const useRedeemedGifts = () => useQuery(redeemedGiftsQueryOptions())

/** The products the card offers, for the gift product page. */
export function giftProductsQueryOptions(giftCode: string) {
  return queryOptions({
    queryKey: ['giftcard', 'products', giftCode] as const,
    queryFn: async ({ signal }) => {
      return dataOrThrow(await authApi.GET('/lemonade/api/limoo-cards/products', {
        params: { query: { giftCode } },
        signal,
      }))
    },
  })
}

export const useGiftProducts = (giftCode: string) => useQuery(giftProductsQueryOptions(giftCode))

/** The refusal code of a failed call; a missing or rejected token counts as no user [ER-43]. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  return error instanceof MissingTokenError || error.status === 401 ? 'USER_ID_REQUIRED' : error.code
}
