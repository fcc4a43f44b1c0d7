/**
 * Amounts as the web app prints them [PR-01]: Persian digits, the Arabic thousands separator (U+066C)
 * and the currency label. Written out by hand rather than with Intl, so a journey does not share the
 * app's formatter.
 */
const persianDigits = '۰۱۲۳۴۵۶۷۸۹'

/** e.g. 1282000 → '۱٬۲۸۲٬۰۰۰'. */
export function persianAmount(amount: number): string {
  const grouped = String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '٬')
  return grouped.replace(/\d/g, (digit) => persianDigits[Number(digit)] ?? digit)
}

/** e.g. 1282000 → '۱٬۲۸۲٬۰۰۰ تومان'. */
export const toman = (amount: number): string => `${persianAmount(amount)} تومان`

/** Latin digits of a typed text as Persian ones, e.g. 'LIMOO20' → 'LIMOO۲۰'. */
export const withPersianDigits = (text: string): string =>
  text.replace(/\d/g, (digit) => persianDigits[Number(digit)] ?? digit)
