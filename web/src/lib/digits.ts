/**
 * The one place that writes numbers for people and reads typed digits back. Numbers go through `Intl` so each
 * language gets its own typography: Persian digits with the Persian decimal separator `٫` and thousands separator
 * `٬` for fa (۲۲٫۲, ۱٬۲۵۰٬۰۰۰), Latin digits with `,` and `.` for tr (22,2, 1.250.000).
 */

const PERSIAN_ZERO = 0x06f0
const ARABIC_INDIC_ZERO = 0x0660

/** Persian (U+06F0…U+06F9) and Arabic-Indic (U+0660…U+0669) digits to Latin digits [AU-23]. */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (digit) => {
    const code = digit.charCodeAt(0)
    return String(code - (code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO))
  })
}

/** Latin digits to Persian digits, for display (e.g. the resend countdown). */
export function toPersianDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (digit) => String.fromCharCode(PERSIAN_ZERO + Number(digit)))
}

const numberLocales: Readonly<Record<string, string>> = { fa: 'fa-IR', tr: 'tr-TR' }

export interface NumberStyle {
  /** Thousands separators (amounts, counts); off for numbers read as labels (order numbers, years). */
  grouping?: boolean
  /** At most this many decimals; weights, BMI and heights need two at most. */
  maxFractionDigits?: number
}

const formatters = new Map<string, Intl.NumberFormat>()

/** A cached `Intl` formatter for a language (Persian for a language without its own numbers). */
export function numberFormatter(language: string, { grouping = false, maxFractionDigits = 2 }: NumberStyle = {}): Intl.NumberFormat {
  const locale = numberLocales[language] ?? 'fa-IR'
  const key = `${locale}|${grouping}|${maxFractionDigits}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { useGrouping: grouping, maximumFractionDigits: maxFractionDigits })
    formatters.set(key, formatter)
  }
  return formatter
}

/** A number as written in `language`, without thousands separators: 22.2 → ۲۲٫۲ in fa, 22,2 in tr. */
export function formatNumber(value: number, language: string): string {
  return numberFormatter(language).format(value)
}

/** A count with thousands separators in the reader's digits (133701 → ۱۳۳٬۷۰۱). */
export function formatCount(value: number, language: string): string {
  return numberFormatter(language, { grouping: true, maxFractionDigits: 0 }).format(value)
}

/**
 * A number or a text made of digits (an order number, a mobile number, "12/100") as written in `language`: numbers as
 * {@link formatNumber}; in a text only the digits change, Persian ones for fa.
 */
export function localDigits(value: string | number, language: string): string {
  if (typeof value === 'number') return formatNumber(value, language)
  return language === 'fa' ? toPersianDigits(value) : value
}
