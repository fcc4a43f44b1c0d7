import { describe, expect, it } from 'vitest'
import { cashbackPercent, readPaymentSettings } from './payment-settings'

describe('payment settings', () => {
  it('offers the gateways the deployment offers, less those the session or a window global switches off', () => {
    window.sessionStorage.setItem('isSnappEnabled', 'false')
    window.sessionStorage.setItem('isDigipayEnabled', 'true')
    window.sessionStorage.setItem('paymentMethodsVisibility', 'snappPay,c2c')
    window.sessionStorage.setItem('defaultPaymentMethod', 'c2c')
    const globals = window as unknown as Record<string, unknown>
    globals.isTaraEnabled = false
    try {
      expect(readPaymentSettings(['SNAPP_PAY', 'TARA', 'SAMAN', 'GUMROAD'])).toEqual({
        visibility: ['snappPay', 'c2c'],
        defaultMethod: 'c2c',
        snappEnabled: false,
        taraEnabled: false,
        // The session cannot switch on what the deployment does not offer.
        digipayEnabled: false,
        bluBankEnabled: true,
        gumroadEnabled: true,
        tallyEnabled: false,
        bluBankCashbackPercent: 15,
      })
    } finally {
      delete globals.isTaraEnabled
    }
  })

  it('reads BLUBANK_CASHBACK_VALUE as a percent, 15 when absent or unreadable', () => {
    expect(cashbackPercent('20')).toBe(20)
    expect(cashbackPercent('۱۰')).toBe(10)
    expect(cashbackPercent(null)).toBe(15)
    expect(cashbackPercent('lots')).toBe(15)
  })
})
