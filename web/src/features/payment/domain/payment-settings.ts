import { settings } from '@/config/flags'
import { toLatinDigits } from '@/lib/digits'
import { parseVisibility, type PaymentSettings } from './methods'

/** BluBank's cashback when `BLUBANK_CASHBACK_VALUE` does not say (spec 2 §9: 15 percent). */
export const DEFAULT_BLUBANK_CASHBACK_PERCENT = 15

export function cashbackPercent(setting: string | null): number {
  const value = Number(toLatinDigits(setting ?? '').trim())
  return setting !== null && setting.trim() !== '' && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_BLUBANK_CASHBACK_PERCENT
}

/** The payment settings of this browser session (session storage, then window globals). */
export function readPaymentSettings(): PaymentSettings {
  return {
    visibility: parseVisibility(settings.paymentMethodsVisibility()),
    defaultMethod: settings.defaultPaymentMethod(),
    snappEnabled: settings.isSnappEnabled(),
    taraEnabled: settings.isTaraEnabled(),
    digipayEnabled: settings.isDigipayEnabled(),
    bluBankEnabled: settings.isBluBankEnabled(),
    tallyEnabled: settings.isTallyEnabled(),
    bluBankCashbackPercent: cashbackPercent(settings.bluBankCashbackValue()),
  }
}
