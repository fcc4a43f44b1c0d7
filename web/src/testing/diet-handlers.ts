import { HttpResponse } from 'msw'
import { CREATED_ORDER_ID } from './handlers'
import { http } from './http'

const DAY_MS = 86_400_000
/** A fixed day, so fixtures and screenshots do not move: 2026-11-20 20:30 UTC, midnight in Tehran. */
const ISSUED_AT = 1_795_206_600_000

/** The customer's running diet: the second of a three-diet package, started on the day it was issued. */
export const runningDiet = {
  id: 7,
  dietNumber: 'D-1002',
  period: 30,
  dietTitle: 'رژیم ۴P',
  referTimes: 2,
  isReady: true,
  isActive: true,
  issueDate: ISSUED_AT,
  startDate: ISSUED_AT,
  expireDietDate: ISSUED_AT + 30 * DAY_MS,
  remainDays: 24,
  packageDietCount: 3,
  currentDietCount: 2,
  startDateMoves: 0,
  canMoveStartDate: true,
}

/** The package's first diet, over. */
export const finishedDiet = {
  ...runningDiet,
  id: 6,
  dietNumber: 'D-1001',
  referTimes: 1,
  isActive: false,
  issueDate: ISSUED_AT - 30 * DAY_MS,
  startDate: ISSUED_AT - 30 * DAY_MS,
  expireDietDate: ISSUED_AT,
  remainDays: 0,
  currentDietCount: 1,
}

/** The panel's diet calls for a customer on their second diet with the mentor add-on. */
export const dietHandlers = [
  http.get('/app/diets/all', () => HttpResponse.json({ ok: true, msg: { allDiets: [runningDiet, finishedDiet] } })),
  http.get('/app/diet/user/last-issued', () => HttpResponse.json({ ok: true, msg: { diet: runningDiet } })),
  http.post('/app/diets/startdate', async ({ request }) => {
    const startDate = Number(new URLSearchParams(await request.text()).get('startDate')) || runningDiet.startDate
    return HttpResponse.json({ ok: true, msg: { diet: { ...runningDiet, startDate } } })
  }),
  http.get('/app/hami/summary', () =>
    HttpResponse.json({ ok: true, msg: { hami: { hasHami: true, orderId: CREATED_ORDER_ID, title: 'همراه شخصی' } } }),
  ),
]

/** The medical team's staff calls, answering for the running diet. */
const staffDiet = {
  dietId: runningDiet.id,
  orderId: CREATED_ORDER_ID,
  customerId: 42,
  mobile: '09120000001',
  dietNumber: runningDiet.dietNumber,
  isReady: true,
  startDate: runningDiet.startDate,
  days: runningDiet.period,
  packageCount: 3,
  currentDietCount: 2,
  issueDate: runningDiet.issueDate,
}

export const staffDietHandlers = [
  http.get('/lemonade/api/staff/diets', () => HttpResponse.json({ diets: [staffDiet] })),
  http.post('/lemonade/api/staff/diets/issue', () => HttpResponse.json(staffDiet)),
  ...(['ready', 'start', 'expire'] as const).map((action) =>
    http.post(`/lemonade/api/staff/diets/{dietId}/${action}`, () => HttpResponse.json(staffDiet)),
  ),
  http.get('/lemonade/api/staff/diets/{dietId}/changes', () =>
    HttpResponse.json({ changes: [{ action: 'ISSUE', by: 'dr-rahimi', detail: 'D-1002', at: ISSUED_AT }] }),
  ),
]
