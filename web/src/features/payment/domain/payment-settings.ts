import { isFlagNotOff, settings } from '@/config/flags'
import type { components } from '@/lib/api'
import { toLatinDigits } from '@/lib/digits'
import { parseVisibility, type PaymentSettings } from './methods'

/** A gateway the deployment offers besides `online` and the transfers (`paymentGateways` of the app config). */
export type OfferedGateway = components['schemas']['Gateway']

/** BluBank's cashback when `BLUBANK_CASHBACK_VALUE` does not say (spec 2 §9: 15 percent). */
export const DEFAULT_BLUBANK_CASHBACK_PERCENT = 15

export function cashbackPercent(setting: string | null): number {
  const value = Number(toLatinDigits(setting ?? '').trim())
  return setting !== null && setting.trim() !== '' && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_BLUBANK_CASHBACK_PERCENT
}

/**
 * The payment settings of this visit: a gateway method is on when the deployment offers it (server configuration,
 * `offered`) and this session's flag or window global does not switch it off; `tally` only when its flag is on.
 */
export function readPaymentSettings(offered: readonly OfferedGateway[]): PaymentSettings {
  const on = (gateway: OfferedGateway, flag?: string) => offered.includes(gateway) && (flag === undefined || isFlagNotOff(flag))
  return {
    visibility: parseVisibility(settings.paymentMethodsVisibility()),
    defaultMethod: settings.defaultPaymentMethod(),
    snappEnabled: on('SNAPP_PAY', 'isSnappEnabled'),
    taraEnabled: on('TARA', 'isTaraEnabled'),
    digipayEnabled: on('DIGIPAY', 'isDigipayEnabled'),
    bluBankEnabled: on('SAMAN', 'isBluBankEnabled'),
    gumroadEnabled: on('GUMROAD'),
    tallyEnabled: settings.isTallyEnabled(),
    bluBankCashbackPercent: cashbackPercent(settings.bluBankCashbackValue()),
  }
}
