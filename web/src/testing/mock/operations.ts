import { HttpResponse } from 'msw'
import type { components } from '@/lib/api'
import { CREATED_ORDER_ID, handlers, signedInAnswer } from '../handlers'
import { checkoutHandlers } from '../checkout-handlers'
import { dietHandlers, staffDietHandlers } from '../diet-handlers'
import { franchiseMemberHandlers, pointsSummaryHandler, staffFranchiseHandlers } from '../franchise-handlers'
import { packageHandlers } from '../package-handlers'
import { buildBasketItem, buildInvoice } from '../data/checkout'
import { catalogue } from '../data/products'
import { http } from '../http'
import { wizardHandlers } from '../wizard-handlers'
import { isNumber, sessionList } from './session-list'

type PaymentRequest = components['schemas']['PaymentRequest']

const ok = { status: 'success' as const, msg: 'ok' }

/** The invoice of an order once points or a code were applied: 50,000 toman off. */
function reducedInvoice(userPointDeduction: number) {
  return buildInvoice([buildBasketItem({ id: 1, orderId: CREATED_ORDER_ID, userPointDeduction })], { id: CREATED_ORDER_ID })
}

/** An online payment as finance's queues show it. */
function financePayment(paymentId: string | readonly string[] | undefined) {
  return { paymentId: Number(paymentId), orderId: CREATED_ORDER_ID, customerId: 42, gateway: 'VANDAR' as const, amount: 490_000, createdAt: Date.now() }
}

const userPoint = { id: 1, orderId: CREATED_ORDER_ID, status: 'RESERVED' as const, count: 50, monetaryValue: 50_000 }

/**
 * Answers for the operations the unit tests never call by default: legacy auth, points, codes, finance, the
 * questionnaires and gift cards. With the unit-test defaults they answer every operation of the spec (a test checks).
 */
const remainingHandlers = [
  http.get('/api/auth/isloggedin', () => HttpResponse.json({ status: 'success', msg: { isLoggedIn: true } })),
  http.post('/app/auth/sendotp', () => HttpResponse.json(ok)),
  http.post('/api/auth/login/otp', () => HttpResponse.json(ok)),
  http.post('/app/auth/loginorregister', () =>
    HttpResponse.json({ status: 'success', msg: { lemonadeToken: signedInAnswer().lemonadeToken } }),
  ),
  http.get('/lemonade/api/orders', () => HttpResponse.json([])),
  http.post('/lemonade/api/orders/finalize-order', () => HttpResponse.json({ id: CREATED_ORDER_ID })),
  http.post('/lemonade/api/usedDiscounts', () =>
    HttpResponse.json({ usedDiscountId: 1, discount: { code: 'LIMOO50', meta: {} }, invoice: reducedInvoice(0) }),
  ),
  http.patch('/lemonade/api/usedDiscounts/{id}', () => HttpResponse.json({ invoice: buildInvoice(undefined, { id: CREATED_ORDER_ID }) })),
  http.post('/lemonade/api/userPoints/set', () => HttpResponse.json({ userPoint, invoice: reducedInvoice(50_000) })),
  http.post('/lemonade/api/userPoints/unset', () =>
    HttpResponse.json({ userPoint: { ...userPoint, status: 'CANCELED' as const }, invoice: reducedInvoice(0) }),
  ),
  http.post('/lemonade/api/userPoints/reserve', () => HttpResponse.json({ userPoints: [userPoint], invoice: reducedInvoice(50_000) })),
  http.post('/lemonade/api/userPoints/cancel', () => HttpResponse.json({ orderInvoice: reducedInvoice(0) })),
  paymentEndingIn('OK'),
  ...(['payping', 'snapp-pay', 'digipay', 'tara', 'saman'] as const).map((gateway) =>
    http.post(`/lemonade/api/payments/${gateway}/callback`, () => paidRedirect()),
  ),
  http.get('/lemonade/api/payments/vandar/callback', () => paidRedirect()),
  http.post('/lemonade/api/payments/gumroad/callback', () => HttpResponse.text('ok')),
  http.get('/healthz', () => HttpResponse.json({ status: 'ok' })),
  http.get('/readyz', () => HttpResponse.json({ status: 'ok' })),
  http.get('/lemonade/api/finance/transfers', () => HttpResponse.json({ transfers: [] })),
  ...(['approve', 'reject'] as const).map((decision) =>
    http.post(`/lemonade/api/finance/transfers/{paymentId}/${decision}`, ({ params }) =>
      HttpResponse.json({
        transfer: {
          paymentId: Number(params.paymentId),
          orderId: CREATED_ORDER_ID,
          customerId: 42,
          gateway: 'C2C',
          amount: 490_000,
          status: decision === 'approve' ? 'APPROVED' : 'REJECTED',
          details: { year: 1405, month: 1, day: 15, hour: 10, minute: 30, lastDigits: '0001' },
          createdAt: Date.now(),
        },
        smsSent: true,
      }),
    ),
  ),
  http.get('/lemonade/api/finance/refunds', () => HttpResponse.json({ refunds: [] })),
  http.post('/lemonade/api/finance/refunds/{paymentId}/settle', ({ params }) =>
    HttpResponse.json({ ...financePayment(params.paymentId), status: 'REFUNDED', updatedAt: Date.now() }),
  ),
  http.get('/lemonade/api/finance/unanswered', () => HttpResponse.json({ payments: [] })),
  http.get('/lemonade/api/finance/disputes', () => HttpResponse.json({ disputes: [] })),
  http.post('/lemonade/api/finance/unanswered/{paymentId}/check', ({ params }) =>
    HttpResponse.json({ ...financePayment(params.paymentId), status: 'EXPIRED', checkedBy: 'mock', checkedAt: Date.now() }),
  ),
  http.get('/lemonade/api/diet-packages', () => HttpResponse.json([])),
  http.post('/lemonade/api/{integration}/enable-reserve-diet/{dietId}', () => HttpResponse.json({ sentStatus: true })),
  http.post('/lemonade/api/formAnswers', () => HttpResponse.json({ id: 1, editToken: 'mock-edit-token' })),
  http.patch('/lemonade/api/formAnswers/{id}', ({ params }) => HttpResponse.json({ id: Number(params.id) })),
  http.post('/landing/perfectbody/registrationt2', () => HttpResponse.json({ referral: 'mock-referral' })),
  http.post('/landing/perfectbody/resultt2', () =>
    HttpResponse.json({
      referral: 'mock-referral',
      gender: 'FEMALE' as const,
      timeToMonth: 3,
      overWeight: 8.5,
      numberOfPeriod: 3,
      bmi: 27.4,
      bmiClass: 'OVERWEIGHT' as const,
      bodyShape: 'HOURGLASS' as const,
    }),
  ),
  http.post('/lemonade/api/medical-profiles', () => HttpResponse.json({ id: 1, conversationId: 'mock-conversation' })),
  http.post('/lemonade/api/make-profile-and-request-diet', () => HttpResponse.json({ dietNumber: 'D-1001', status: 'ISSUING' })),
  http.post('/lemonade/api/limoo-cards', () => HttpResponse.json({ productOptions: [1], orderId: CREATED_ORDER_ID })),
  http.get('/lemonade/api/limoo-cards/products', () => HttpResponse.json(catalogue().slice(0, 2))),
  http.get('/lemonade/api/limoo-cards/redeemed', () => HttpResponse.json([])),
  pointsSummaryHandler,
  ...franchiseMemberHandlers,
  ...staffDietHandlers,
  ...staffFranchiseHandlers,
  // The team's points grant: answered as given to the mock's one customer.
  http.post('/lemonade/api/staff/points/grant', async ({ request }) => {
    const { points } = await request.json()
    return HttpResponse.json({ customerId: 42, points, freePoints: points })
  }),
  // The shop's test clock: a staff tool, never moved in mock mode.
  http.get('/lemonade/api/staff/clock', () => HttpResponse.json({ now: Date.now(), offsetMs: 0 })),
  http.post('/lemonade/api/staff/clock/advance', () => HttpResponse.json({ now: Date.now(), offsetMs: 0 })),
  http.get('/lemonade/api/staff/clock/customers/{customerId}', ({ params }) =>
    HttpResponse.json(unmovedCustomerClock(Number(params.customerId))),
  ),
  http.post('/lemonade/api/staff/clock/customers/{customerId}/advance', ({ params }) =>
    HttpResponse.json(unmovedCustomerClock(Number(params.customerId))),
  ),
]

function unmovedCustomerClock(customerId: number) {
  return { customerId, now: Date.now(), offsetMs: 0, customerOffsetMs: 0 }
}

/**
 * No gateway in mock mode: the payment link is the app's own result route with `status` (OK: paid, NOK: declined).
 */
export function paymentEndingIn(status: 'OK' | 'NOK') {
  return http.post('/lemonade/api/payments', async ({ request }) => {
    // The spec's body is typed for `application/json; charset=utf-8`, which openapi-msw does not read.
    const { orderId, paymentConfig } = (await request.json()) as unknown as PaymentRequest
    if (status === 'OK') paidOrders.add(orderId)
    return HttpResponse.json({ paymentLink: `${paymentConfig.paymentResultUrl}?status=${status}&orderId=${orderId}` })
  })
}

/** A gateway callback's answer: back to the app's result route, paid. */
function paidRedirect() {
  return new HttpResponse<null>(null, { status: 303, headers: { Location: '/#/payment-result?status=OK' } })
}

/** The orders paid in this tab: they show as paid across reloads. */
const paidOrders = sessionList('limooMockPaidOrders', isNumber)

/** Answers that follow what the visitor did: an order paid here shows as paid on the result page. */
const statefulHandlers = [
  http.get('/lemonade/api/orders/{id}/invoice', ({ params }) => {
    const id = Number(params.id)
    return HttpResponse.json(buildInvoice(undefined, { id, status: paidOrders.read().includes(id) ? 'PAYMENT_SUCCESS' : 'CREATED' }))
  }),
]

/** One answer for every operation of `openapi/openapi.json`: what the visitor did, the unit-test defaults, then the rest. */
export const operationHandlers = [...statefulHandlers, ...dietHandlers, ...handlers, ...checkoutHandlers, ...wizardHandlers, ...packageHandlers, ...remainingHandlers]
