import { useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { SHOP_SERVICE } from '@/config/env'
import { settings, writeSetting } from '@/config/flags'
import { paths } from '@/config/paths'
import { currentSessionId, sendAnalyticsEvent } from '@/lib/analytics'
import { dataOrThrow } from '@/lib/api'
import { authApi, isLoggedIn, loginPathFor } from '@/lib/auth'

/** Session storage key of the order the checkout shows (spec 2 §3 "Storage keys"). */
export const ORDER_ID_KEY = 'lemonadeOrderId'

/** Session flag that shows the promotion-code form on the checkout; confirming an order sets it [PR-27]. */
export const SHOW_PROMOTION_FIELD_KEY = 'showPromotionField'

/** The order-from-product-ids page (the spelling is the route table's) [RG-48]. */
export const CREATE_ORDER_WITH_PRODUCT_IDS_PATH = '/CreateOderWithProductIds/'

/** What the order keeps about where it was made: SPV C or F, the wizard's config id, the C/F test flag. */
export interface OrderMeta {
  SPV: 'C' | 'F'
  configId?: string
  selectCOrFTest?: string
}

export interface CreateOrderInput {
  productIds: number[]
  meta: OrderMeta
}

/** The states of order creation (spec 2 §4); FAIL shows the network-error section, whose retry returns to IDLE. */
export type OrderState = 'IDLE' | 'PENDING' | 'SUCCESS' | 'FAIL'

const ORDER_STATES = { idle: 'IDLE', pending: 'PENDING', success: 'SUCCESS', error: 'FAIL' } as const

export function orderStateOf(status: keyof typeof ORDER_STATES): OrderState {
  return ORDER_STATES[status]
}

/** The request body: product ids, the shop service, the analytics session id and the utm campaign (spec 2 §7). */
export function createOrderBody({ productIds, meta }: CreateOrderInput) {
  const sessionId = currentSessionId()
  const utmCampaign = settings.utmCampaign()
  return {
    productIds,
    service: SHOP_SERVICE,
    ...(sessionId ? { sessionId } : {}),
    ...(utmCampaign ? { utmCampaign } : {}),
    meta,
  }
}

/** `POST /lemonade/api/orders` for the signed-in customer; resolves to the new order id. */
export async function createOrder(input: CreateOrderInput): Promise<number> {
  const data = dataOrThrow(await authApi.POST('/lemonade/api/orders', { body: createOrderBody(input) }))
  return data.id
}

/** Remembers the order for the checkout and opens the promotion field there [PR-27]. */
export function storeCreatedOrder(orderId: number): void {
  writeSetting(ORDER_ID_KEY, String(orderId))
  writeSetting(SHOW_PROMOTION_FIELD_KEY, 'true')
}

/** `/CreateOderWithProductIds/?productIds=a,b&backUrl=…`: ids stay comma-separated as the route expects. */
export function createOrderWithProductIdsPath(productIds: readonly number[], backUrl: string): string {
  return `${CREATE_ORDER_WITH_PRODUCT_IDS_PATH}?productIds=${productIds.join(',')}&backUrl=${encodeURIComponent(backUrl)}`
}

/** An anonymous visitor may confirm an order only where session sPCRequireAuth is 'false'; sign-in comes first [RG-47]. */
export function mustSignInBeforeOrder(): boolean {
  return settings.selectPackageAuthWaived() && !isLoggedIn()
}

/** `/enter?next=` + the encoded order-from-product-ids address, which creates the order after sign-in [RG-47]. */
export function signInBeforeOrderPath(productIds: readonly number[], backUrl: string): string {
  return loginPathFor(createOrderWithProductIdsPath(productIds, backUrl))
}

interface UseCreateOrderOptions {
  /** Replace the current history entry on the way to checkout (the order-from-product-ids page) [RG-48]. */
  replace?: boolean
}

/**
 * Order creation (spec 2 §4 "Purchase flow"): creates the order, stores its id under `lemonadeOrderId`, sets
 * `showPromotionField` and goes to /checkout-new. A failure is logged and leaves the user on the page; the caller
 * shows the network-error section while `orderStateOf(status)` is FAIL and calls `reset()` to retry [ER-19].
 */
export function useCreateOrder({ replace = false }: UseCreateOrderOptions = {}) {
  const navigate = useNavigate()
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async (orderId) => {
      storeCreatedOrder(orderId)
      await navigate(paths.checkoutNew, { replace })
    },
    onError: (failure) => {
      console.warn('order creation failed', failure)
      void sendAnalyticsEvent({ action: 'create_order', category: 'error', label: failure.message })
    },
  })
}

/**
 * The confirm button of the select pages: an anonymous visitor allowed on the page goes to sign in first, with a
 * `next` address that creates the order from the chosen ids [RG-47]; anyone else gets the order now. A page open to
 * everyone (the partner-bundle landing) passes its own sign-in rule.
 */
export function useConfirmOrder(backUrl: string, signInFirst: () => boolean = mustSignInBeforeOrder) {
  const navigate = useNavigate()
  const mutation = useCreateOrder()
  const run = useSingleFlight()
  const { mutateAsync } = mutation
  const confirm = useCallback(
    (input: CreateOrderInput) => {
      if (signInFirst()) {
        void navigate(signInBeforeOrderPath(input.productIds, backUrl))
        return
      }
      run(() => mutateAsync(input))
    },
    [backUrl, mutateAsync, navigate, run, signInFirst],
  )
  return { confirm, mutation, state: orderStateOf(mutation.status), retry: mutation.reset }
}
