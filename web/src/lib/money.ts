/**
 * Price formatting: the one place that turns toman amounts into text [PR-01].
 * Persian digits with the Persian thousands separator for fa; Latin digits for other locales.
 */

/** The default currency label of every price [PR-01]. */
export const TOMAN = 'تومان'

const numberLocales: Record<string, string> = {
  fa: 'fa-IR',
  tr: 'tr-TR',
}

const formatters = new Map<string, Intl.NumberFormat>()

function formatterFor(language: string): Intl.NumberFormat {
  const locale = numberLocales[language] ?? numberLocales.fa ?? 'fa-IR'
  let formatter = formatters.get(locale)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true })
    formatters.set(locale, formatter)
  }
  return formatter
}

/** An integer amount with thousands separators in the language's digits, e.g. ۱٬۲۵۰٬۰۰۰. */
export function formatAmount(amount: number, language = 'fa'): string {
  return formatterFor(language).format(Math.round(amount))
}

/** Amount followed by its currency label, e.g. ۱٬۲۵۰٬۰۰۰ تومان. */
export function formatPrice(amount: number, currency: string = TOMAN, language = 'fa'): string {
  return `${formatAmount(amount, language)} ${currency || TOMAN}`
}
