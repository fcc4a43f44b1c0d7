import { useMutation } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toApiError } from '@/lib/api'
import { authApi, currentUserId } from '@/lib/auth'
import { PRODUCT_CODE } from '@/config/env'
import { useCurrentUser } from '../api/current-user'
import type { PaymentMethod } from '../domain/methods'

export interface StartPayment {
  /** Called with the chosen method when the customer taps 'پرداخت'. */
  startPayment: (method: PaymentMethod) => void
  /** A payment is under way: the pay button is busy (spec 2 §4 "Payment button state") [PM-51, PM-52]. */
  pending: boolean
  /** A note for the customer under the methods, already translated, when there is one. */
  notice: string | null
}

/** Leaving for the gateway's page; an object so tests can watch it. */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
}

/** Session storage key of the order being paid [PM-50]. */
const ORDER_ID_KEY = 'lemonadeOrderId'

/** Methods this hook can pay through the BFF so far; the others keep the "coming soon" note. */
const ONLINE_METHODS: readonly PaymentMethod[] = ['online']

/** Why a payment did not start: the BFF's first `details.messages` [ER-22], lost points [ER-21] or anything else [ER-23]. */
export type PaymentFailure = { kind: 'pointsUsed' } | { kind: 'redirectMessage'; text: string } | { kind: 'other' }

export class PaymentStartError extends Error {
  readonly failure: PaymentFailure

  constructor(failure: PaymentFailure) {
    super(failure.kind)
    this.failure = failure
  }
}

function failureOf(body: unknown, status: number): PaymentFailure {
  if (status === 409) return { kind: 'pointsUsed' }
  const messages = (body as { err?: { details?: { messages?: unknown } } } | undefined)?.err?.details?.messages
  const first = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string' && m.trim() !== '') : undefined
  return first === undefined ? { kind: 'other' } : { kind: 'redirectMessage', text: first }
}

/** `paymentResultUrl`: the current page followed by `#/payment-result` [PM-49]. */
export function paymentResultUrl(location: Location = window.location): string {
  return `${location.origin}${location.pathname}${location.search}#/payment-result`
}

/** The mobile as typed for the BFF: without its leading 0, which the BFF adds back per gateway [PR-36]. */
function payerMobile(mobile: string | undefined): string | undefined {
  return mobile?.trim().replace(/^0/, '')
}

/**
 * Starts a payment with the chosen method. `online` asks the BFF for a payment link (`POST /lemonade/api/payments`)
 * and sends the browser there [PM-48]; nothing is attempted without an order id in session storage [PM-50]. While
 * the request runs the pay button is PENDING; its answer or error turns it back to IDLE [PM-51, PM-52]. Errors show
 * as the note: ER-24's text for 409, the first `details.messages`, else the checkout error text.
 */
export function useStartPayment(): StartPayment {
  const { t } = useTranslation()
  const [notice, setNotice] = useState<string | null>(null)
  const currentUser = useCurrentUser(true)
  const mobile = currentUser.data?.mobile
  const mutation = useMutation({
    mutationFn: async (orderId: number) => {
      const { data, error, response } = await authApi.POST('/lemonade/api/payments', {
        body: {
          orderId,
          service: `${PRODUCT_CODE}_SHOP`,
          customerId: currentUserId() ?? '',
          mobile: payerMobile(mobile),
          paymentConfig: { gateway: 'online', paymentResultUrl: paymentResultUrl() },
        },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      })
      if (error !== undefined || data === undefined) {
        if (response.status === 401) throw toApiError(error, response)
        throw new PaymentStartError(failureOf(error, response.status))
      }
      return data.paymentLink
    },
    onSuccess: (link) => browserNavigation.assign(link),
    onError: (failure) => {
      const reason: PaymentFailure = failure instanceof PaymentStartError ? failure.failure : { kind: 'other' }
      if (reason.kind === 'pointsUsed') setNotice(t('checkout.errors.pointsAlreadyUsed'))
      else if (reason.kind === 'redirectMessage') setNotice(reason.text)
      else setNotice(`${t('checkout.errors.sectionTitle')} ${t('checkout.errors.sectionBody')}`)
    },
  })

  const { mutate } = mutation
  const startPayment = useCallback(
    (method: PaymentMethod) => {
      setNotice(null)
      if (!ONLINE_METHODS.includes(method)) {
        setNotice(t('payment.sheet.notYetAvailable'))
        return
      }
      const orderId = Number(sessionStorage.getItem(ORDER_ID_KEY))
      if (!Number.isSafeInteger(orderId) || orderId <= 0) return
      mutate(orderId)
    },
    [mutate, t],
  )
  return { startPayment, pending: mutation.isPending, notice }
}
