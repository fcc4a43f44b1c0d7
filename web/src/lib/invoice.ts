import { dataOrThrow } from '@/lib/api'
import { authApi } from '@/lib/auth'

/**
 * `GET /lemonade/api/orders/{id}/invoice`, with a timestamp so that no cache answers for the BFF [CT-21]: the
 * checkout and the success page read one invoice the same way.
 */
export async function fetchInvoice(orderId: number, signal?: AbortSignal) {
  return dataOrThrow(
    await authApi.GET('/lemonade/api/orders/{id}/invoice', {
      params: { path: { id: orderId }, query: { _: String(Date.now()) } },
      signal,
    }),
  )
}
