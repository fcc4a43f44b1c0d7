import { describe, expect, it } from 'vitest'
import {
  creditOffers,
  defaultPaymentMethod,
  methodFromName,
  parseVisibility,
  paymentOptions,
  productGateways,
  type PaymentContext,
  type PaymentSettings,
} from './methods'

const allOff: PaymentSettings = {
  visibility: 'all',
  defaultMethod: null,
  snappEnabled: false,
  taraEnabled: false,
  digipayEnabled: false,
  bluBankEnabled: false,
  gumroadEnabled: false,
  tallyEnabled: false,
  bluBankCashbackPercent: 15,
}
const allOn: PaymentSettings = {
  ...allOff,
  snappEnabled: true,
  taraEnabled: true,
  digipayEnabled: true,
  bluBankEnabled: true,
  gumroadEnabled: true,
  tallyEnabled: true,
}
const iranian: PaymentContext = { foreign: false, snappEligibility: 'unchecked', gumroadRefusal: null }
const foreign: PaymentContext = { ...iranian, foreign: true }
const methodsOf = (settings: PaymentSettings, context: PaymentContext = iranian) =>
  paymentOptions(settings, context).map((option) => option.method)
const item = (paymentGateways?: unknown) => ({ meta: paymentGateways === undefined ? {} : { paymentGateways } })

describe('payment method names', () => {
  it('reads method values and back-end gateways case-insensitively', () => {
    expect(methodFromName('snappPay')).toBe('snappPay')
    expect(methodFromName('SNAPPPAY')).toBe('snappPay')
    expect(methodFromName('SNAPP_PAY')).toBe('snappPay')
    expect(methodFromName('LIMOO_SAMAN')).toBe('blubank')
    expect(methodFromName('LIMOO_DIGIPAY')).toBe('digipay')
    expect(methodFromName('LIMOO_TARA')).toBe('tara')
    expect(methodFromName('C2C')).toBe('c2c')
    expect(methodFromName('PAYPING')).toBe('online')
    expect(methodFromName('VANDAR')).toBe('online')
    expect(methodFromName('limoo_gumroad')).toBe('LIMOO_GUMROAD')
    expect(methodFromName('PAYPAL_ROSHANDEL')).toBe('PAYPAL_ROSHANDEL')
    expect(methodFromName(' ')).toBeNull()
    expect(methodFromName('bitcoin')).toBeNull()
  })

  it("parses paymentMethodsVisibility: absent, empty or 'all' is all; a list keeps its order and known names", () => {
    expect(parseVisibility(null)).toBe('all')
    expect(parseVisibility('')).toBe('all')
    expect(parseVisibility('ALL')).toBe('all')
    expect(parseVisibility(' c2c , online,unknown,c2c')).toEqual(['c2c', 'online'])
  })

  it('collects the basket meta paymentGateways in basket order, ignoring other values', () => {
    expect(productGateways([item(['SNAPP_PAY', 3]), item(), { meta: null }, item('C2C'), item(['C2C'])])).toEqual([
      'SNAPP_PAY',
      'C2C',
    ])
  })
})

describe('payment method visibility', () => {
  it('shows online and card-to-card when every optional method is switched off', () => {
    expect(methodsOf(allOff)).toEqual(['online', 'c2c'])
  })

  it('shows each optional method only with its flag (isSnappEnabled, isBluBankEnabled, isDigipayEnabled, isTaraEnabled, isTallyEnabled)', () => {
    expect(methodsOf(allOn)).toEqual(['online', 'c2c', 'snappPay', 'blubank', 'digipay', 'tara', 'tally'])
    expect(methodsOf({ ...allOff, snappEnabled: true })).toEqual(['online', 'c2c', 'snappPay'])
    expect(methodsOf({ ...allOff, taraEnabled: true })).toEqual(['online', 'c2c', 'tara'])
    expect(methodsOf({ ...allOff, tallyEnabled: true })).toEqual(['online', 'c2c', 'tally'])
  })

  it('keeps only the methods a comma list of paymentMethodsVisibility names, in display order', () => {
    expect(methodsOf({ ...allOn, visibility: ['tara', 'online'] })).toEqual(['online', 'tara'])
    expect(methodsOf({ ...allOff, visibility: ['tara', 'online'] })).toEqual(['online'])
  })

  it('shows a foreign customer Gumroad and PayPal only', () => {
    expect(methodsOf(allOn, foreign)).toEqual([
      'LIMOO_GUMROAD',
      'PAYPAL_ROSHANDEL',
    ])
    expect(methodsOf(allOn)).not.toContain('LIMOO_GUMROAD')
  })

  it('shows a foreign customer PayPal only where the deployment does not offer Gumroad', () => {
    expect(methodsOf({ ...allOn, gumroadEnabled: false }, foreign)).toEqual(['PAYPAL_ROSHANDEL'])
  })

  it('marks Snapp Pay not selectable once it is found not eligible', () => {
    const options = paymentOptions(allOn, { ...iranian, snappEligibility: 'notEligible' })
    expect(options.find((option) => option.method === 'snappPay')).toEqual({ method: 'snappPay', selectable: false })
  })

  it('marks Gumroad not selectable for a basket that is not one Gumroad product [PM-45]', () => {
    expect(paymentOptions(allOn, { ...foreign, gumroadRefusal: 'severalItems' })).toEqual([
      { method: 'LIMOO_GUMROAD', selectable: false, gumroadRefusal: 'severalItems' },
      { method: 'PAYPAL_ROSHANDEL', selectable: true },
    ])
  })

  it('gives BluBank its cashback note percent (BLUBANK_CASHBACK_VALUE)', () => {
    const options = paymentOptions({ ...allOn, bluBankCashbackPercent: 20 }, iranian)
    expect(options.find((option) => option.method === 'blubank')).toEqual({
      method: 'blubank',
      selectable: true,
      cashbackPercent: 20,
    })
    const noNote = paymentOptions({ ...allOn, bluBankCashbackPercent: 0 }, iranian)
    expect(noNote.find((option) => option.method === 'blubank')).toEqual({ method: 'blubank', selectable: true })
  })
})

describe('default payment method', () => {
  const pick = (settings: PaymentSettings, basket: { meta: unknown }[] = [item()], context = iranian) =>
    defaultPaymentMethod(paymentOptions(settings, context), settings, basket)

  it('takes the first gateway the product meta allows [PR-48]', () => {
    expect(pick({ ...allOn, defaultMethod: 'c2c' }, [item(['SNAPP_PAY', 'C2C'])])).toBe('snappPay')
    expect(pick(allOn, [item(), item(['LIMOO_DIGIPAY'])])).toBe('digipay')
  })

  it('skips product gateways the popup does not list or cannot select [PR-48]', () => {
    expect(pick({ ...allOff, defaultMethod: 'c2c' }, [item(['SNAPP_PAY', 'LIMOO_TARA'])])).toBe('c2c')
    const notEligible = { ...iranian, snappEligibility: 'notEligible' as const }
    expect(pick(allOn, [item(['SNAPP_PAY', 'C2C'])], notEligible)).toBe('c2c')
  })

  it('falls back to the session defaultPaymentMethod [PR-49]', () => {
    expect(pick({ ...allOn, defaultMethod: 'tara' })).toBe('tara')
    expect(pick({ ...allOn, visibility: ['c2c', 'tara'], defaultMethod: 'tara' })).toBe('tara')
  })

  it("falls back to online when visibility is 'all' [PR-49]", () => {
    expect(pick(allOn)).toBe('online')
    expect(pick({ ...allOn, defaultMethod: 'bitcoin' })).toBe('online')
    expect(pick({ ...allOff, defaultMethod: 'tara' })).toBe('online')
  })

  it('otherwise takes the first allowed method of the comma list [PR-50]', () => {
    expect(pick({ ...allOn, visibility: ['tara', 'online'] })).toBe('tara')
    expect(pick({ ...allOff, visibility: ['tara', 'digipay', 'c2c'] })).toBe('c2c')
  })

  it('gives a foreign customer the first international method with visibility all [PR-50]', () => {
    expect(pick(allOn, [item()], foreign)).toBe('LIMOO_GUMROAD')
    expect(pick(allOn, [item()], { ...foreign, gumroadRefusal: 'severalItems' })).toBe('PAYPAL_ROSHANDEL')
  })

  it('chooses nothing when no method can be selected', () => {
    expect(pick({ ...allOff, visibility: ['tara'] })).toBeNull()
  })
})

describe('credit offers', () => {
  it("lists tara, snappPay, blubank and digipay in that order with 'all' [PM-24]", () => {
    expect(creditOffers(allOn)).toEqual(['tara', 'snappPay', 'blubank', 'digipay'])
  })

  it('keeps only the offers a comma list names, in the offers order [PM-24, PM-47]', () => {
    expect(creditOffers({ ...allOn, visibility: parseVisibility('digipay,online,snappPay') })).toEqual(['snappPay', 'digipay'])
    expect(creditOffers({ ...allOn, visibility: parseVisibility('online,c2c') })).toEqual([])
  })

  it('advertises only the offers the checkout lists: none the deployment or the session switched off', () => {
    expect(creditOffers({ ...allOn, snappEnabled: false, digipayEnabled: false })).toEqual(['tara', 'blubank'])
    expect(creditOffers(allOff)).toEqual([])
  })
})
