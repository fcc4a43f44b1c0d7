import { formatCount } from './digits'

/**
 * Price formatting: the one place that turns toman amounts into text [PR-01].
 * Persian digits with the Persian thousands separator for fa; Latin digits for other locales.
 */

/** The default currency label of every price [PR-01]. */
export const TOMAN = 'تومان'

/** An integer amount with thousands separators in the language's digits, e.g. ۱٬۲۵۰٬۰۰۰. */
export function formatAmount(amount: number, language = 'fa'): string {
  return formatCount(Math.round(amount), language)
}

/** US cents as dollars in the language's way of writing money, e.g. $10.32 or 10,32 $ (PayPal moves dollars). */
export function formatUsdCents(cents: number, language = 'fa'): string {
  const locale = language === 'fa' ? 'fa-IR' : language
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100)
}

/** Amount followed by its currency label, e.g. ۱٬۲۵۰٬۰۰۰ تومان. */
export function formatPrice(amount: number, currency: string = TOMAN, language = 'fa'): string {
  return `${formatAmount(amount, language)} ${currency || TOMAN}`
}
