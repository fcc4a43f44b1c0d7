import { z } from 'zod'
import { toLatinDigits } from '@/lib/digits'
import { fromJalali, isoDay, jalaliOfIso } from '@/lib/jalali'

/** The manual-transfer methods and their back-end gateways [PM-40, PM-46]. */
export type TransferGateway = 'C2C' | 'PAYPAL_ROSHANDEL'

/** Which calendar a form's date is in: Jalali for card to card, Gregorian for PayPal [PM-57, PM-60]. */
export type TransferCalendar = 'persian' | 'gregory'

export const calendarOf = (gateway: TransferGateway): TransferCalendar => (gateway === 'C2C' ? 'persian' : 'gregory')

/** The form's values, as the selects and inputs hold them (strings); the month is 0-based [PR-38]. */
export interface TransferValues {
  'card-digits': string
  account: string
  'pay-day': string
  'pay-month': string
  'pay-year': string
  'pay-hour': string
  'pay-minute': string
}

export const emptyTransferValues: TransferValues = {
  'card-digits': '',
  account: '',
  'pay-day': '',
  'pay-month': '',
  'pay-year': '',
  'pay-hour': '',
  'pay-minute': '',
}

/** The date fields of the card-to-card form: Jalali day, 0-based month and year, as the form holds them [PR-38]. */
export type JalaliDateFields = Pick<TransferValues, 'pay-day' | 'pay-month' | 'pay-year'>

/** The ISO day the date fields name, for the shared Jalali selects; null while one is unchosen or no such day. */
export function isoOfDateFields(fields: JalaliDateFields): string | null {
  if (fields['pay-day'] === '' || fields['pay-month'] === '' || fields['pay-year'] === '') return null
  const date = fromJalali({
    year: Number(fields['pay-year']),
    month: Number(fields['pay-month']) + 1,
    day: Number(fields['pay-day']),
  })
  return date === null ? null : isoDay(date)
}

/** The date fields of the day the shared Jalali selects chose; all empty while the date is incomplete. */
export function dateFieldsOfIso(iso: string | null): JalaliDateFields {
  const date = iso === null ? null : jalaliOfIso(iso)
  if (date === null) return { 'pay-day': '', 'pay-month': '', 'pay-year': '' }
  return { 'pay-day': String(date.day), 'pay-month': String(date.month - 1), 'pay-year': String(date.year) }
}

/** `count` numbers from `from`: the choices of a day, hour or minute select. */
export const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i)

/** This year and the previous one in the form's calendar, Tehran time, newest first [PM-57, PM-60]. */
export function yearChoices(calendar: TransferCalendar, now: Date = new Date()): number[] {
  const parts = new Intl.DateTimeFormat(`en-US-u-ca-${calendar}`, { year: 'numeric', timeZone: 'Asia/Tehran' }).formatToParts(now)
  const year = Number(parts.find((part) => part.type === 'year')?.value)
  return [year, year - 1]
}

const inRange = (low: number, high: number) => (value: string) =>
  /^\d+$/.test(value) && Number(value) >= low && Number(value) <= high

/** (year, 0-based month, day, hour, minute) of an instant in Tehran, in the form's calendar: what the selects hold. */
export type TransferMoment = [number, number, number, number, number]

export function tehranMoment(calendar: TransferCalendar, at: number): TransferMoment {
  const parts = new Intl.DateTimeFormat(`en-US-u-ca-${calendar}`, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZone: 'Asia/Tehran',
  }).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return [part('year'), part('month') - 1, part('day'), part('hour'), part('minute')]
}

/**
 * Whether the month has the chosen day (0-based month): 31 Mehr, 30 Esfand of a common Jalali year and 30 February are
 * not dates. Jalali months 1–6 have 31 days, 7–11 have 30 and Esfand 29, or 30 in a leap year.
 */
export function dateExists(calendar: TransferCalendar, year: number, month: number, day: number): boolean {
  if (calendar === 'gregory') {
    const date = new Date(Date.UTC(year, month, day))
    return date.getUTCFullYear() === year && date.getUTCMonth() === month && date.getUTCDate() === day
  }
  if (month < 6) return day <= 31
  if (month < 11) return day <= 30
  return day <= 29 || (day === 30 && esfandHasThirtyDays(year))
}

/** A leap year's 30 Esfand falls on 19 or 20 March (Nowruz is 20 or 21 March this century): ask Intl's calendar. */
function esfandHasThirtyDays(year: number): boolean {
  return [19, 20].some((march) => {
    const [y, m, d] = tehranMoment('persian', Date.UTC(year + 622, 2, march, 12))
    return y === year && m === 11 && d === 30
  })
}

const compareMoments = (a: readonly number[], b: readonly number[]): number =>
  a.reduce((order, value, i) => order || value - (b[i] ?? 0), 0)

/** What the chosen date is checked against: the order's creation time, once known, and the clock. */
export interface TransferDateBounds {
  orderCreatedAt: number | undefined
  now: () => number
}

/** What is wrong with a transfer's moment, and the field that is wrong: the day, or the time on the right day. */
export interface DateProblem {
  message: 'payment.transferDestination.dateFuture' | 'payment.transferDestination.dateBeforeOrder'
  field: 'pay-day' | 'pay-hour'
}

/**
 * A transfer dated in the future, or before the order was created, cannot be the order's payment: compared to the
 * minute, as the BFF does, so the minute the order was made and the current one are accepted. The message sits on
 * the day when the day is past the bound, on the time when only the time is. Null when it may be.
 */
export function dateProblem(calendar: TransferCalendar, chosen: TransferMoment, bounds: TransferDateBounds): DateProblem | null {
  const wrongField = (bound: TransferMoment): DateProblem['field'] =>
    compareMoments(chosen.slice(0, 3), bound.slice(0, 3)) === 0 ? 'pay-hour' : 'pay-day'
  const now = tehranMoment(calendar, bounds.now())
  if (compareMoments(chosen, now) > 0) return { message: 'payment.transferDestination.dateFuture', field: wrongField(now) }
  if (bounds.orderCreatedAt === undefined) return null
  const ordered = tehranMoment(calendar, bounds.orderCreatedAt)
  if (compareMoments(chosen, ordered) < 0) {
    return { message: 'payment.transferDestination.dateBeforeOrder', field: wrongField(ordered) }
  }
  return null
}

/**
 * The form's rules: every field required; card to card needs exactly four digits (Persian and Arabic-Indic digits
 * count, converted to Latin) [PM-55, PM-56], PayPal a valid e-mail [PM-60]; day 1–31, month 0–11 (0-based), the
 * year one of `years`, hour 0–23, minute 0–59 [PM-57]; a day the month has; the whole no later than now and not before the order, the
 * message on `pay-day`, or on `pay-hour` when the day is right and the time is not.
 */
export function transferSchema(gateway: TransferGateway, years: readonly number[], bounds: TransferDateBounds) {
  const required = 'payment.transfer.errors.required'
  return z
    .object({
      'card-digits':
        gateway === 'C2C'
          ? z.string().transform(toLatinDigits).pipe(z.string().regex(/^\d{4}$/, 'payment.transfer.errors.cardDigits'))
          : z.string(),
      account: gateway === 'PAYPAL_ROSHANDEL' ? z.email('payment.transfer.errors.account') : z.string(),
      'pay-day': z.string().refine(inRange(1, 31), required),
      'pay-month': z.string().refine(inRange(0, 11), required),
      'pay-year': z.string().refine((value) => years.includes(Number(value)), required),
      'pay-hour': z.string().refine(inRange(0, 23), required),
      'pay-minute': z.string().refine(inRange(0, 59), required),
    })
    .superRefine((values, context) => {
      const chosen: TransferMoment = [
        Number(values['pay-year']),
        Number(values['pay-month']),
        Number(values['pay-day']),
        Number(values['pay-hour']),
        Number(values['pay-minute']),
      ]
      const [year, month, day] = chosen
      if (!dateExists(calendarOf(gateway), year, month, day)) {
        context.addIssue({ code: 'custom', path: ['pay-day'], message: 'payment.transferDestination.noSuchDay' })
        return
      }
      const problem = dateProblem(calendarOf(gateway), chosen, bounds)
      if (problem !== null) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
    })
}

/** What the checkout knew when it opened the form (query of `/pay-card`, `/paypal-pay-card`). */
export interface TransferContext {
  orderId: number
  service: string
  dietPrice: number | undefined
  usePoints: boolean
}

/**
 * The submission's `meta` with spec 2's names [PM-58]: the month sent as the calendar month (the picker's + 1),
 * digits Latin.
 */
export function transferMeta(gateway: TransferGateway, values: TransferValues, context: TransferContext) {
  return {
    ...(context.dietPrice === undefined ? {} : { dietPrice: context.dietPrice }),
    usePoints: context.usePoints ? '1' : '0',
    gateway,
    ...(gateway === 'C2C' ? { 'card-digits': toLatinDigits(values['card-digits']) } : { account: values.account.trim() }),
    'pay-day': Number(values['pay-day']),
    'pay-month': Number(values['pay-month']) + 1,
    'pay-year': Number(values['pay-year']),
    'pay-hour': Number(values['pay-hour']),
    'pay-minute': Number(values['pay-minute']),
  }
}

/** The form's address, carrying what the submission needs from the checkout [PM-40, PM-46]. */
export function transferFormPath(
  gateway: TransferGateway,
  { service, dietPrice, usePoints }: Omit<TransferContext, 'orderId'>,
): string {
  const query = new URLSearchParams({ serverType: service, usePoints: usePoints ? '1' : '0' })
  if (dietPrice !== undefined) query.set('dietPrice', String(dietPrice))
  return `${gateway === 'C2C' ? '/pay-card' : '/paypal-pay-card'}?${query.toString()}`
}

/** The popup methods that open a transfer form instead of a payment link [PM-40, PM-46]. */
export type TransferMethod = 'c2c' | 'PAYPAL_ROSHANDEL'

export function isTransferMethod(method: string): method is TransferMethod {
  return method === 'c2c' || method === 'PAYPAL_ROSHANDEL'
}

/** The transfer gateway of a transfer method [PM-40, PM-46]. */
export function transferGatewayOf(method: TransferMethod): TransferGateway {
  return method === 'c2c' ? 'C2C' : 'PAYPAL_ROSHANDEL'
}
