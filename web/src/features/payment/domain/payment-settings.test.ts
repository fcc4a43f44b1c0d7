import { describe, expect, it } from 'vitest'
import { cashbackPercent, readPaymentSettings } from './payment-settings'

describe('payment settings', () => {
  it('reads the flags from session storage, then window globals', () => {
    window.sessionStorage.setItem('isSnappEnabled', 'true')
    window.sessionStorage.setItem('paymentMethodsVisibility', 'snappPay,c2c')
    window.sessionStorage.setItem('defaultPaymentMethod', 'c2c')
    const globals = window as unknown as Record<string, unknown>
    globals.isTaraEnabled = true
    try {
      expect(readPaymentSettings()).toEqual({
        visibility: ['snappPay', 'c2c'],
        defaultMethod: 'c2c',
        snappEnabled: true,
        taraEnabled: true,
        digipayEnabled: false,
        bluBankEnabled: false,
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
