import { HttpResponse } from 'msw'
import type { components } from '@/lib/api'
import { makeToken } from './auth'
import { countries } from './data/countries'
import { catalogueFor } from './data/products'
import { http } from './http'

export function errorBody(code: string, message = 'خطا') {
  return { err: { code, message, details: { messages: [] as string[] } } }
}

/** The id the default order-creation handler answers with. */
export const CREATED_ORDER_ID = 501

/**
 * The support site of the default app config; the chat widget is not configured, so the support sheet shows, and no
 * gateway besides `online` and the transfers is offered (the BFF's default): see `offeringGateways`.
 */
export const SUPPORT_SITE_URL = 'https://support.limoo.example/'

/** An app config whose deployment offers `gateways` (`PAYMENT_METHODS`); all of them without arguments. */
export function offeringGateways(
  gateways: components['schemas']['Gateway'][] = ['SNAPP_PAY', 'SAMAN', 'DIGIPAY', 'TARA', 'GUMROAD'],
) {
  return http.get('/lemonade/api/app-config', () =>
    HttpResponse.json({ supportSiteUrl: SUPPORT_SITE_URL, paymentGateways: gateways }),
  )
}

const codeSent = { channel: 'sms' as const, resendAfterSeconds: 60, expiresInSeconds: 120 }

export function signedInAnswer() {
  return {
    lemonadeToken: makeToken({ sub: '42' }),
    user: { id: 42, firstName: 'unknown', lastName: 'unknown', mobile: '09121234567', countryId: 1, profileNumber: '1001' },
  }
}

/** Default answers of the BFF for unit tests; a test overrides them with `server.use(...)`. */
export const handlers = [
  http.get('/lemonade/api/products', ({ query }) => HttpResponse.json(catalogueFor(query.get('where')))),
  http.post('/lemonade/api/orders', () => HttpResponse.json({ id: CREATED_ORDER_ID })),
  http.get('/lemonade/api/countries', () => HttpResponse.json(countries())),
  http.post('/lemonade/api/sessions', () => HttpResponse.json({ id: 'session-1', editToken: 'edit-session-1' })),
  http.patch('/lemonade/api/sessions/{id}', ({ params }) => HttpResponse.json({ id: String(params.id) })),
  http.post('/lemonade/api/analytics', () => HttpResponse.json({ id: 'event-1' })),
  // An anonymous visitor: no refresh cookie, nothing to renew.
  http.get('/auth/verify-lemonade', () => new HttpResponse(null, { status: 204 })),
  offeringGateways([]),
  http.get('/lemonade/api/orders/profile-orders', () => HttpResponse.json([])),
  http.get('/lemonade/api/can-buy-diet', () => HttpResponse.json({ canBuyDiet: true })),
  http.get('/app/diets/active', () => HttpResponse.json(activeDiet('ANSWERING_QUESTIONS'))),
  http.get('/app/physicalinfo/general', () => HttpResponse.json({ ok: true, msg: {} })),
  http.get('/app/diets/all', () => HttpResponse.json({ ok: true, msg: { allDiets: [] } })),
  http.get('/app/hami/summary', () => HttpResponse.json({ ok: true, msg: { hami: { hasHami: false } } })),
  http.post('/auth/check-mobile', () => HttpResponse.json({ isRegistered: true, authenticationType: 'sms' as const })),
  http.post('/auth/otp', () => HttpResponse.json(codeSent)),
  http.post('/auth/verify-mobile', () => HttpResponse.json(codeSent)),
  http.post('/auth/register/email', () => HttpResponse.json({ ...codeSent, channel: 'email' as const })),
  http.post('/auth/profile-number', () => HttpResponse.json(codeSent)),
  http.post('/auth/login', () => HttpResponse.json(signedInAnswer())),
  http.post('/auth/register', () => HttpResponse.json(signedInAnswer())),
  http.post('/app/auth/logout', () => HttpResponse.json({ status: 'success', msg: 'logged out' })),
]

/** The `GET /app/diets/active` answer for a package in `status`. */
export function activeDiet(status: components['schemas']['PackageStatus']) {
  return {
    ok: true,
    msg: { activeDiet: { status, isReady: false, veryFirstTimeUser: true } },
  }
}
