import { delay, http as anyHttp, HttpResponse, type RequestHandler } from 'msw'
import type { components } from '@/lib/api'
import { catalogue } from '../data/products'
import { CREATED_ORDER_ID, errorBody, signedInAnswer } from '../handlers'
import { http } from '../http'
import { operationHandlers, paymentEndingIn } from './operations'
import { isNumber, sessionList } from './session-list'

type ErrorEnvelope = components['schemas']['ErrorEnvelope']
type RedeemRequest = components['schemas']['RedeemRequest']

/** A named state of the mock BFF: answers placed before the defaults, and whether the visitor starts signed in. */
export interface MockScenario {
  name: string
  description: string
  signedIn: boolean
  handlers: RequestHandler[]
}

type Resolver = Parameters<typeof anyHttp.all>[1]

/** The same answer for every operation of the spec (server down, slow network), by each default handler's route. */
function everyOperation(resolver: Resolver): RequestHandler[] {
  return operationHandlers.map(({ info }) => {
    const method = String(info.method).toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
    return anyHttp[method](String(info.path), resolver)
  })
}

const DAY_MS = 86_400_000

/** A running one-diet package paid online: its current diet started 9 days ago and ends in 21. */
function activeDietAnswer() {
  const started = Date.now() - 9 * DAY_MS
  const ends = started + 30 * DAY_MS
  const activeDiet = {
    status: 'ACTIVE' as const,
    orderId: 77,
    id: 7701,
    dietNumber: 'D-77',
    period: 30,
    dietTitle: 'رژیم یک ماهه',
    referTimes: 1,
    isReady: true,
    isActive: true,
    issueDate: started - DAY_MS,
    startDate: started,
    expireDietDate: ends,
    expirePackageAt: ends,
    remainDays: 21,
    currentDietCount: 1,
    canExtend: false,
    answerDietQuestion: 'completed' as const,
    hasPayment: true,
    hasRequestedPaymentBefore: true,
    paymentType: 'VANDAR',
    lastPaymentRequestTime: started - 2 * DAY_MS,
    paymentVerifiedTime: started - 2 * DAY_MS,
    veryFirstTimeUser: false,
  }
  return { ok: true, msg: { activeDiet } }
}

const physicalInfoAnswer = {
  ok: true,
  msg: {
    physicalInfo: {
      gender: 'FEMALE',
      age: 34,
      weight: 80,
      stature: 165,
      idealWeight: 68,
      bmiCategory: 'OVERWEIGHT' as const,
      timeToIdealWeight: 4,
    },
  },
}

/** A returning customer: the refresh cookie renews the token. */
const signedInHandler = http.get('/auth/verify-lemonade', () => HttpResponse.json({ lemonadeToken: signedInAnswer().lemonadeToken }))

/**
 * A gift-card refusal as the BFF answers `POST /lemonade/api/limoo-cards` (`bff/src/api/gift_cards`): the spec's
 * code with its status, and the Persian message of `bff/src/messages.rs` in `message` and `details.messages`.
 */
function giftCardRefusal(code: string, status: 400 | 409, message: string) {
  const body: ErrorEnvelope = { err: { code, message, details: { messages: [message] } } }
  return HttpResponse.json<ErrorEnvelope>(body, { status })
}

/** The products of the card with several options, and the ones this tab redeemed it for (kept across reloads). */
const giftOptions = catalogue().slice(0, 2)
const redeemedGiftIds = sessionList('limooMockRedeemedGifts', isNumber)

/**
 * A card offering two products, answered as the BFF does: without a choice its options and no order (the app opens
 * the chooser); with one of them a free order; with another product `INVALID_SELECTED_PRODUCT_ID`.
 */
const giftCardWithOptions = [
  http.post('/lemonade/api/limoo-cards', async ({ request }) => {
    // The spec's body is typed for `application/json; charset=utf-8`, which openapi-msw does not read.
    const { selectedProductId } = (await request.json()) as unknown as RedeemRequest
    const productOptions = giftOptions.map(({ id }) => id)
    if (selectedProductId === undefined || selectedProductId === null) return HttpResponse.json({ productOptions })
    if (!productOptions.includes(selectedProductId)) {
      return giftCardRefusal('INVALID_SELECTED_PRODUCT_ID', 400, 'محصول انتخاب شده معتبر نیست!')
    }
    redeemedGiftIds.add(selectedProductId)
    return HttpResponse.json({ productOptions, orderId: CREATED_ORDER_ID })
  }),
  http.get('/lemonade/api/limoo-cards/products', () => HttpResponse.json(giftOptions)),
  http.get('/lemonade/api/limoo-cards/redeemed', () =>
    HttpResponse.json(
      redeemedGiftIds
        .read()
        .toReversed()
        .flatMap((productId) => giftOptions.filter(({ id }) => id === productId))
        .map(({ id, title }) => ({ orderId: CREATED_ORDER_ID, productId: id, title, redeemedAt: Date.now() })),
    ),
  ),
]

/** A signed-in customer whose every gift code is refused with `code` (spec 2 §8). */
function refusingEveryGiftCode(code: string, status: 400 | 409, message: string): RequestHandler[] {
  return [signedInHandler, http.post('/lemonade/api/limoo-cards', () => giftCardRefusal(code, status, message))]
}

export const scenarios: readonly MockScenario[] = [
  {
    name: 'default',
    description: 'signed-out visitor: sign in with any mobile and code, buy and pay',
    signedIn: false,
    handlers: [],
  },
  {
    name: 'signed-in',
    description: 'returning customer with an active diet, body figures and 250 points',
    signedIn: true,
    handlers: [
      signedInHandler,
      http.get('/app/diets/active', () => HttpResponse.json(activeDietAnswer())),
      http.get('/app/physicalinfo/general', () => HttpResponse.json(physicalInfoAnswer)),
    ],
  },
  {
    name: 'gift-card-options',
    description: 'signed in; any code on /limoocard offers two products: the chooser, then the gift active',
    signedIn: true,
    handlers: [signedInHandler, ...giftCardWithOptions],
  },
  {
    name: 'gift-card-invalid',
    description: 'signed in; every code on /limoocard is refused as INVALID_CODE (400)',
    signedIn: true,
    handlers: refusingEveryGiftCode('INVALID_CODE', 400, 'کد وارد شده معتبر نیست.'),
  },
  {
    name: 'gift-card-used',
    description: 'signed in; every code on /limoocard is refused as USED_CODE (409)',
    signedIn: true,
    handlers: refusingEveryGiftCode('USED_CODE', 409, 'این کد قبلا استفاده شده است.'),
  },
  {
    name: 'gift-card-active-diet',
    description: 'signed in with a running diet; every code on /limoocard is refused as user-has-active-diet (409)',
    signedIn: true,
    handlers: [
      http.get('/app/diets/active', () => HttpResponse.json(activeDietAnswer())),
      ...refusingEveryGiftCode(
        'user-has-active-diet',
        409,
        'شما در حال حاضر رژیم فعال دارید. برای رزرو رژیم بعدی با پشتیبانی تماس بگیرید.',
      ),
    ],
  },
  {
    name: 'payment-fails',
    description: 'the gateway declines every payment: the result page is the failure one',
    signedIn: false,
    handlers: [paymentEndingIn('NOK')],
  },
  {
    name: 'gateway-down',
    description: 'starting a payment answers 502: the checkout shows its error',
    signedIn: false,
    handlers: [http.post('/lemonade/api/payments', () => HttpResponse.json(errorBody('GATEWAY_UNAVAILABLE'), { status: 502 }))],
  },
  {
    name: 'server-errors',
    description: 'signed in; every call but the session renewal answers 500 with the error envelope',
    signedIn: true,
    // The session stays: a developer sees how the checkout and the panel render the failure, not the sign-in page.
    handlers: [signedInHandler, ...everyOperation(() => HttpResponse.json(errorBody('INTERNAL_ERROR', 'خطای سرور'), { status: 500 }))],
  },
  {
    name: 'server-down',
    description: 'signed in; the BFF is unreachable: every call but the session renewal fails at the network',
    signedIn: true,
    handlers: [signedInHandler, ...everyOperation(() => HttpResponse.error())],
  },
  {
    name: 'slow-network',
    description: 'every call takes 2 s, then answers as in default',
    signedIn: false,
    // Answering nothing hands the request to the next handler: the default answer.
    handlers: everyOperation(async () => {
      await delay(2000)
    }),
  },
]

export const DEFAULT_SCENARIO = 'default'

/** The scenario of that name; `undefined` for an unknown one. */
export function findScenario(name: string): MockScenario | undefined {
  return scenarios.find((scenario) => scenario.name === name)
}
