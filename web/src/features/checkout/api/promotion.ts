import { useMutation } from '@tanstack/react-query'
import { dataOrThrow } from '@/lib/api'
import { authApi } from '@/lib/auth'
import { forgetUsedDiscount, rememberUsedDiscount } from '../domain/order-session'
import { discountFitsBasket } from '../domain/promotion'
import { useReplaceInvoice } from './invoice'

/** `PATCH /lemonade/api/usedDiscounts/{id}` with status CANCELED [PR-33]; answers the restored invoice. */
async function cancelUsedDiscount(usedDiscountId: number) {
  const data = dataOrThrow(await authApi.PATCH('/lemonade/api/usedDiscounts/{id}', {
    params: { path: { id: usedDiscountId } },
    body: { status: 'CANCELED' },
  }))
  return data.invoice
}

/**
 * `POST /lemonade/api/usedDiscounts` with the code and order. An accepted code keeps its used-discount id in session
 * [PR-32] and its invoice replaces the shown one. A code whose `discount.meta` names no basket product is refused
 * [PR-30] and its use given back, so the order never carries a discount the page does not show.
 */
export function useApplyPromotion(orderId: number) {
  const replaceInvoice = useReplaceInvoice(orderId)
  return useMutation({
    mutationFn: async (code: string) => {
      const data = dataOrThrow(await authApi.POST('/lemonade/api/usedDiscounts', { body: { code, orderId } }))
      if (discountFitsBasket(data.discount.meta, data.invoice.basketItems)) {
        return { outcome: 'applied' as const, applied: data }
      }
      await cancelUsedDiscount(data.usedDiscountId).catch((failure: unknown) =>
        console.warn('giving back an unusable promotion failed', failure),
      )
      return { outcome: 'notForBasket' as const }
    },
    onSuccess: (result) => {
      if (result.outcome !== 'applied') return
      rememberUsedDiscount(result.applied.usedDiscountId)
      replaceInvoice(result.applied.invoice)
    },
  })
}

/** Removes the code: cancels the used discount by its id [PR-32, PR-33]; the restored invoice replaces the shown one. */
export function useRemovePromotion(orderId: number) {
  const replaceInvoice = useReplaceInvoice(orderId)
  return useMutation({
    mutationFn: cancelUsedDiscount,
    onSuccess: (invoice) => {
      forgetUsedDiscount()
      replaceInvoice(invoice)
    },
  })
}
