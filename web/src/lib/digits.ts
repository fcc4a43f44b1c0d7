import { digitsArToEn, digitsEnToFa, digitsFaToEn } from '@persian-tools/persian-tools'

/** Persian (U+06F0…U+06F9) and Arabic-Indic (U+0660…U+0669) digits to Latin digits [AU-23]. */
export function toLatinDigits(value: string): string {
  return digitsArToEn(digitsFaToEn(value))
}

/** Latin digits to Persian digits, for display (e.g. the resend countdown). */
export function toPersianDigits(value: string | number): string {
  return digitsEnToFa(String(value))
}

/** A number as written in `language`: Persian digits for fa, Latin otherwise (an order number, not an amount). */
export function localDigits(value: string | number, language: string): string {
  return language === 'fa' ? toPersianDigits(value) : String(value)
}
