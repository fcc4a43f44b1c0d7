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
