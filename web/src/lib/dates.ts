/** A day as the language writes it: the Jalali calendar with Persian digits in fa, Gregorian otherwise. */
export function formatDay(epochMs: number, language: string): string {
  const calendar = language === 'fa' ? 'persian' : 'gregory'
  return new Intl.DateTimeFormat(`${language}-u-ca-${calendar}`, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Tehran',
  }).format(epochMs)
}

/** The ISO Gregorian day (`YYYY-MM-DD`) an instant falls on in Tehran, where the BFF's days begin. */
export function tehranDay(epochMs: number): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Tehran' }).format(epochMs)
}
