import { useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { toApiError, type components } from '@/lib/api'
import { authApi, currentUserId } from '@/lib/auth'
import { PRODUCT_CODE } from '@/config/env'
import { href } from '@/config/paths'
import { useCurrentUser } from '../api/current-user'
import { linkGatewayOf, productPermalinkOf } from '../domain/link-gateways'
import type { PaymentMethod } from '../domain/methods'
import { isTransferMethod, transferFormPath, transferGatewayOf } from '../transfer/transfer-form'
import type { Invoice, PaymentFailure } from '../types'

export interface StartPayment {
  /** Called with the chosen method when the customer taps 'پرداخت'. */
  startPayment: (method: PaymentMethod) => void
  /** A payment is under way: the pay button is busy (spec 2 §4 "Payment button state") [PM-51, PM-52]. */
  pending: boolean
}

export interface PaymentFormField {
  name: string
  value: string
}

/** Leaving for the gateway's page, by link or by a POSTed form (Tara [PM-44]); an object so tests can watch it. */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
  postForm: (action: string, fields: readonly PaymentFormField[]) => {
    const form = document.createElement('form')
    form.method = 'POST'
    form.action = action
    form.style.display = 'none'
    for (const { name, value } of fields) {
      const input = document.createElement('input')
      input.type = 'hidden'
      input.name = name
      input.value = value
      form.append(input)
    }
    document.body.append(form)
    form.submit()
  },
}

/**
 * The payment reply, with the `form` Tara answers (`{ action, fields }`) read when present: the spec gains `form`
 * with the gateways' contract, so this keeps compiling whichever spec is generated.
 */
type PaymentReply = components['schemas']['PaymentReply'] & { form?: { action: string; fields: PaymentFormField[] } }

/** Session storage key of the order being paid [PM-50]. */
const ORDER_ID_KEY = 'lemonadeOrderId'


export class PaymentStartError extends Error {
  readonly failure: PaymentFailure

  constructor(failure: PaymentFailure) {
    super(failure.kind)
    this.failure = failure
  }
}

/**
 * A 409 is lost points [ER-21], unless the BFF names another reason (another payment under way, a price changed in
 * another tab): then, like any other error, its first `details.messages` is shown [ER-22].
 */
function failureOf(body: unknown, status: number): PaymentFailure {
  const err = (body as { err?: { reason?: unknown; details?: { messages?: unknown } } } | undefined)?.err
  if (status === 409 && typeof err?.reason !== 'string') return { kind: 'pointsUsed' }
  const messages = err?.details?.messages
  const first = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string' && m.trim() !== '') : undefined
  return first === undefined ? { kind: status === 409 ? 'pointsUsed' : 'other' } : { kind: 'redirectMessage', text: first }
}

/** `paymentResultUrl`: the current page followed by `#/payment-result` [PM-49]. */
export function paymentResultUrl(location: Location = window.location): string {
  return `${location.origin}${location.pathname}${location.search}#/payment-result`
}

/** The mobile as typed for the BFF: without its leading 0, which the BFF adds back per gateway [PR-36]. */
function payerMobile(mobile: string | undefined): string | undefined {
  return mobile?.trim().replace(/^0/, '')
}

interface LinkPayment {
  orderId: number
  gateway: string
  productPermalink: string | undefined
  /** The payable total the checkout shows: the BFF starts nothing if the order now costs another amount. */
  expectedAmount: number
}

/**
 * Starts a payment with the chosen method. Online, Snapp, Saman, Digipay, Tara and Gumroad ask the BFF for a
 * payment (`POST /lemonade/api/payments`, `paymentConfig.gateway` = the method's back-end gateway) and send the
 * browser to its link, or POST the form the reply carries (Tara) [PM-41…PM-45, PM-48]; nothing is attempted
 * without an order id in session storage [PM-50]. While the request runs the pay button is PENDING and a second tap
 * starts nothing; its answer or error turns it back to IDLE [PM-51, PM-52]. A failure goes to `onFailure` (the
 * checkout's error section [ER-21…ER-23]): a start that timed out may have begun a payment, which trying again
 * meets (the BFF answers it again, or 409 PAYMENT_IN_PROGRESS with its sentence).
 */
export function useStartPayment(invoice: Invoice, onFailure: (failure: PaymentFailure) => void): StartPayment {
  const currentUser = useCurrentUser(true)
  const mobile = currentUser.data?.mobile
  const run = useSingleFlight()
  const mutation = useMutation({
    mutationFn: async ({ orderId, gateway, productPermalink, expectedAmount }: LinkPayment): Promise<PaymentReply> => {
      const { data, error, response } = await authApi.POST('/lemonade/api/payments', {
        body: {
          orderId,
          service: `${PRODUCT_CODE}_SHOP`,
          customerId: currentUserId() ?? '',
          mobile: payerMobile(mobile),
          paymentConfig: { gateway, paymentResultUrl: paymentResultUrl() },
          expectedAmount,
          ...(productPermalink === undefined ? {} : { productPermalink }),
        },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      })
      if (error !== undefined || data === undefined) {
        if (response.status === 401) throw toApiError(error, response)
        throw new PaymentStartError(failureOf(error, response.status))
      }
      return data
    },
    onSuccess: (reply) => {
      if (reply.form) browserNavigation.postForm(reply.form.action, reply.form.fields)
      else browserNavigation.assign(reply.paymentLink)
    },
    onError: (failure) => onFailure(failure instanceof PaymentStartError ? failure.failure : { kind: 'other' }),
  })

  const { mutateAsync } = mutation
  const startPayment = useCallback(
    (method: PaymentMethod) => {
      // Card to card and PayPal open their transfer forms instead of a payment link [PM-40, PM-46].
      if (isTransferMethod(method)) {
        const context = { service: `${PRODUCT_CODE}_SHOP`, dietPrice: invoice.totalPrice, usePoints: invoice.userPointDeduction > 0 }
        browserNavigation.assign(href(transferFormPath(transferGatewayOf(method), context)))
        return
      }
      const gateway = linkGatewayOf(method)
      const orderId = Number(sessionStorage.getItem(ORDER_ID_KEY))
      if (!Number.isSafeInteger(orderId) || orderId <= 0) return
      run(() =>
        mutateAsync({
          orderId,
          gateway,
          productPermalink: productPermalinkOf(method, invoice.basketItems),
          expectedAmount: invoice.totalPrice,
        }),
      )
    },
    [mutateAsync, run, invoice.basketItems, invoice.totalPrice, invoice.userPointDeduction],
  )
  return { startPayment, pending: mutation.isPending }
}
