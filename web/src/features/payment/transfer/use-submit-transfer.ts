import { useMutation } from '@tanstack/react-query'
import { toApiError } from '@/lib/api'
import { authApi, currentUserId } from '@/lib/auth'
import { paymentResultUrl } from '../hooks/use-start-payment'
import { transferMeta, type TransferContext, type TransferGateway, type TransferValues } from './transfer-form'

/** Why a transfer was not recorded: the BFF's Persian lines, or nothing to show but the standard error section. */
export class TransferSubmitError extends Error {
  readonly lines: string[]

  constructor(lines: string[]) {
    super(lines.join(' '))
    this.lines = lines
  }
}

/** The BFF's `details.messages` (each wrong field, in Persian), else its `message` for a refusal (409). */
function linesOf(body: unknown, status: number): string[] {
  const err = (body as { err?: { message?: unknown; details?: { messages?: unknown } } } | undefined)?.err
  const details = Array.isArray(err?.details?.messages)
    ? err.details.messages.filter((m): m is string => typeof m === 'string' && m.trim() !== '')
    : []
  if (details.length > 0) return details
  return status === 409 && typeof err?.message === 'string' ? [err.message] : []
}

/**
 * Records a manual transfer: `POST /lemonade/api/payments` with gateway `C2C` or `PAYPAL_ROSHANDEL` and the form in
 * `meta`; the BFF answers the transfer's `paymentId` [PM-54, PM-58].
 */
export function useSubmitTransfer(gateway: TransferGateway, context: TransferContext) {
  return useMutation({
    mutationFn: async (values: TransferValues): Promise<number> => {
      const { data, error, response } = await authApi.POST('/lemonade/api/payments', {
        body: {
          orderId: context.orderId,
          service: context.service,
          customerId: currentUserId() ?? '',
          paymentConfig: { gateway, paymentResultUrl: paymentResultUrl() },
          meta: transferMeta(gateway, values, context),
        },
      })
      if (response.status === 401) throw toApiError(error, response)
      if (error !== undefined || data?.paymentId === undefined) throw new TransferSubmitError(linesOf(error, response.status))
      return data.paymentId
    },
  })
}
