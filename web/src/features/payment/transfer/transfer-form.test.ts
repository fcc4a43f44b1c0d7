import { describe, expect, it } from 'vitest'
import {
  dateExists,
  dateFieldsOfIso,
  dateProblem,
  isoOfDateFields,
  tehranMoment,
  transferFormPath,
  transferMeta,
  transferSchema,
  yearChoices,
  type TransferValues,
} from './transfer-form'
import { cardBlocks } from './transfer-instructions'

const values: TransferValues = {
  'card-digits': '۱۲٣4',
  account: '',
  'pay-day': '31',
  'pay-month': '0',
  'pay-year': '1405',
  'pay-hour': '23',
  'pay-minute': '59',
}
const context = { orderId: 77, service: 'LIMOO_SHOP', dietPrice: 450000, usePoints: true }
/** 2026-11-23 12:00 UTC: 1405/09/02 15:30 in Tehran. */
const NOW = Date.parse('2026-11-23T12:00:00Z')
const anyOrder = { orderCreatedAt: undefined, now: () => NOW }

describe('year choices [PM-57, PM-60]', () => {
  it('offers this Jalali or Gregorian year and the previous one, in Tehran time', () => {
    const now = new Date('2026-11-23T12:00:00Z')
    expect(yearChoices('persian', now)).toEqual([1405, 1404])
    expect(yearChoices('gregory', now)).toEqual([2026, 2025])
    // 20:31 UTC on 31 December is already 1 January in Tehran.
    expect(yearChoices('gregory', new Date('2026-12-31T20:31:00Z'))).toEqual([2027, 2026])
    // Nowruz 1406 (21 March 2027).
    expect(yearChoices('persian', new Date('2027-03-21T06:00:00Z'))).toEqual([1406, 1405])
  })
})

describe('the card-to-card rules [PM-55, PM-56]', () => {
  const schema = transferSchema('C2C', [1405, 1404], anyOrder)

  it('accepts Persian and Arabic-Indic digits as Latin', () => {
    expect(schema.safeParse(values).data?.['card-digits']).toBe('1234')
  })

  it('takes exactly four digits', () => {
    for (const digits of ['123', '12345', '12a4', '']) {
      expect(schema.safeParse({ ...values, 'card-digits': digits }).success).toBe(false)
    }
  })

  it('keeps day, month, year, hour and minute in their ranges', () => {
    const wrong: Partial<TransferValues>[] = [
      { 'pay-day': '0' },
      { 'pay-day': '32' },
      { 'pay-month': '12' },
      { 'pay-year': '1403' },
      { 'pay-hour': '24' },
      { 'pay-minute': '60' },
      { 'pay-minute': '' },
    ]
    for (const change of wrong) expect(schema.safeParse({ ...values, ...change }).success).toBe(false)
  })
})

describe('the PayPal rules [PM-60]', () => {
  it('needs a valid e-mail and a Gregorian year', () => {
    const schema = transferSchema('PAYPAL_ROSHANDEL', [2026, 2025], anyOrder)
    const paypal = { ...values, 'card-digits': '', account: 'payer@example.com', 'pay-year': '2026' }
    expect(schema.safeParse(paypal).success).toBe(true)
    expect(schema.safeParse({ ...paypal, account: 'payer' }).success).toBe(false)
    expect(schema.safeParse({ ...paypal, 'pay-year': '1405' }).success).toBe(false)
  })
})

describe('the transfer date: not in the future, not before the order', () => {
  // The order was made at 14:00:30 Tehran time, an hour and a half before NOW.
  const bounds = { orderCreatedAt: NOW - 90 * 60_000 + 30_000, now: () => NOW }

  it('reads an instant as the selects hold it, in Tehran time and the form calendar', () => {
    expect(tehranMoment('persian', NOW)).toEqual([1405, 8, 2, 15, 30])
    expect(tehranMoment('gregory', NOW)).toEqual([2026, 10, 23, 15, 30])
    expect(tehranMoment('persian', Date.parse('2025-03-20T21:00:00Z'))).toEqual([1404, 0, 1, 0, 30])
  })

  it('accepts the minute the order was made and the current one, and refuses outside them', () => {
    expect(dateProblem('persian', [1405, 8, 2, 14, 0], bounds)).toBeNull()
    expect(dateProblem('persian', [1405, 8, 2, 15, 30], bounds)).toBeNull()
    const future = 'payment.transferDestination.dateFuture'
    const beforeOrder = 'payment.transferDestination.dateBeforeOrder'
    // Today at a later minute: the time is what is wrong; a later day: the day.
    expect(dateProblem('persian', [1405, 8, 2, 15, 31], bounds)).toEqual({ message: future, field: 'pay-hour' })
    expect(dateProblem('persian', [1405, 8, 3, 9, 0], bounds)).toEqual({ message: future, field: 'pay-day' })
    expect(dateProblem('persian', [1405, 8, 2, 13, 59], bounds)).toEqual({ message: beforeOrder, field: 'pay-hour' })
    expect(dateProblem('persian', [1404, 8, 2, 15, 0], bounds)).toEqual({ message: beforeOrder, field: 'pay-day' })
    expect(dateProblem('gregory', [2026, 10, 23, 15, 0], bounds)).toBeNull()
  })

  it('puts the message on the day, so the form shows it before submitting', () => {
    const schema = transferSchema('C2C', [1405, 1404], bounds)
    const lastYear = { ...values, 'pay-year': '1404', 'pay-month': '8', 'pay-day': '2' }
    const issues = schema.safeParse(lastYear).error?.issues ?? []
    expect(issues).toEqual([expect.objectContaining({ path: ['pay-day'], message: 'payment.transferDestination.dateBeforeOrder' })])
  })

  it('puts the message on the time when the day is today and the time is later', () => {
    const schema = transferSchema('C2C', [1405, 1404], bounds)
    const later = { ...values, 'pay-year': '1405', 'pay-month': '8', 'pay-day': '2', 'pay-hour': '16', 'pay-minute': '0' }
    const issues = schema.safeParse(later).error?.issues ?? []
    expect(issues).toEqual([expect.objectContaining({ path: ['pay-hour'], message: 'payment.transferDestination.dateFuture' })])
  })
})

describe('the card-to-card date fields and the shared Jalali selects [PR-38]', () => {
  it('hold the Jalali day, the 0-based month and the year of the chosen ISO day', () => {
    // 2026-11-23 is 2 Azar 1405: Azar is the 9th month.
    expect(dateFieldsOfIso('2026-11-23')).toEqual({ 'pay-day': '2', 'pay-month': '8', 'pay-year': '1405' })
    expect(isoOfDateFields({ 'pay-day': '2', 'pay-month': '8', 'pay-year': '1405' })).toBe('2026-11-23')
    // 30 Esfand 1403 (a leap year) is 20 March 2025.
    expect(isoOfDateFields(dateFieldsOfIso('2025-03-20'))).toBe('2025-03-20')
  })

  it('are empty while the date is incomplete, and name no day while one is unchosen', () => {
    expect(dateFieldsOfIso(null)).toEqual({ 'pay-day': '', 'pay-month': '', 'pay-year': '' })
    expect(isoOfDateFields({ 'pay-day': '2', 'pay-month': '', 'pay-year': '1405' })).toBeNull()
    expect(isoOfDateFields({ 'pay-day': '30', 'pay-month': '11', 'pay-year': '1404' })).toBeNull()
  })
})

describe('a day the month does not have', () => {
  it('is no date: 31 Mehr, 30 Esfand of a common year, 30 February', () => {
    expect(dateExists('persian', 1404, 5, 31)).toBe(true)
    expect(dateExists('persian', 1404, 6, 31)).toBe(false)
    expect(dateExists('persian', 1404, 6, 30)).toBe(true)
    expect(dateExists('persian', 1403, 11, 30)).toBe(true)
    expect(dateExists('persian', 1404, 11, 30)).toBe(false)
    expect(dateExists('persian', 1404, 11, 29)).toBe(true)
    expect(dateExists('gregory', 2026, 1, 29)).toBe(false)
    expect(dateExists('gregory', 2024, 1, 29)).toBe(true)
  })

  it('is refused on the day before the time checks', () => {
    const bounds = { orderCreatedAt: undefined, now: () => NOW }
    const mehr31 = { ...values, 'pay-year': '1404', 'pay-month': '6', 'pay-day': '31' }
    const issues = transferSchema('C2C', [1405, 1404], bounds).safeParse(mehr31).error?.issues ?? []
    expect(issues).toEqual([expect.objectContaining({ path: ['pay-day'], message: 'payment.transferDestination.noSuchDay' })])
  })
})

describe('the destination card', () => {
  it('is shown in 4-digit blocks', () => {
    expect(cardBlocks('6037997599990001')).toBe('6037 9975 9999 0001')
  })
})

describe('the submission [PM-58]', () => {
  it('sends spec 2 names, Latin digits and the month + 1', () => {
    expect(transferMeta('C2C', values, context)).toEqual({
      dietPrice: 450000,
      usePoints: '1',
      gateway: 'C2C',
      'card-digits': '1234',
      'pay-day': 31,
      'pay-month': 1,
      'pay-year': 1405,
      'pay-hour': 23,
      'pay-minute': 59,
    })
    const paypal = transferMeta('PAYPAL_ROSHANDEL', { ...values, account: ' payer@example.com ', 'pay-month': '11' }, {
      ...context,
      usePoints: false,
    })
    expect(paypal).toMatchObject({ usePoints: '0', account: 'payer@example.com', 'pay-month': 12 })
    expect(paypal).not.toHaveProperty('card-digits')
  })

  it('opens the form with what the checkout knows', () => {
    expect(transferFormPath('C2C', context)).toBe('/pay-card?serverType=LIMOO_SHOP&usePoints=1&dietPrice=450000')
    expect(transferFormPath('PAYPAL_ROSHANDEL', { ...context, dietPrice: undefined })).toMatch(/^\/paypal-pay-card\?/)
  })
})
