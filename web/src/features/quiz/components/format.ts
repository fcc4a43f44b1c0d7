import { toPersianDigits } from '@/lib/digits'

/** Numbers in the reader's digits: Persian in fa, Latin otherwise. */
export function localDigits(value: string | number, language: string): string {
  return language === 'fa' ? toPersianDigits(value) : String(value)
}

/** A count with thousands separators in the reader's digits (133,701 → ۱۳۳٬۷۰۱). */
export function localCount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'fa' ? 'fa-IR' : 'tr-TR').format(value)
}
