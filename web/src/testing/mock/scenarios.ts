import { delay, http as anyHttp, HttpResponse, type RequestHandler } from 'msw'
import { errorBody, signedInAnswer } from '../handlers'
import { http } from '../http'
import { operationHandlers, paymentEndingIn } from './operations'

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
    status: 'ACTIVE',
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
      http.get('/auth/verify-lemonade', () => HttpResponse.json({ lemonadeToken: signedInAnswer().lemonadeToken })),
      http.get('/app/diets/active', () => HttpResponse.json(activeDietAnswer())),
      http.get('/app/physicalinfo/general', () => HttpResponse.json(physicalInfoAnswer)),
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
    description: 'every call answers 500 with the error envelope',
    signedIn: false,
    handlers: everyOperation(() => HttpResponse.json(errorBody('INTERNAL_ERROR', 'خطای سرور'), { status: 500 })),
  },
  {
    name: 'server-down',
    description: 'the BFF is unreachable: every call fails at the network',
    signedIn: false,
    handlers: everyOperation(() => HttpResponse.error()),
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
