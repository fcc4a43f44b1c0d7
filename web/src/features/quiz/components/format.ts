export { localDigits } from '@/lib/digits'

/** A count with thousands separators in the reader's digits (133,701 → ۱۳۳٬۷۰۱). */
export function localCount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'fa' ? 'fa-IR' : 'tr-TR').format(value)
}
