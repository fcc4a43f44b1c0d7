/**
 * Jalali (Persian) dates for the date widget, through Intl's Persian calendar: no date library is needed. A date is
 * stored as an ISO Gregorian day (YYYY-MM-DD) and shown as Jalali year, month and day.
 */
export interface JalaliDate {
  year: number
  month: number
  day: number
}

const DAY_MS = 86_400_000

let persian: Intl.DateTimeFormat | undefined

/**
 * Made on first use: building a Persian-calendar formatter loads ICU's calendar data, a long task on a phone that the
 * first screen (it imports this module but shows no date) should not pay for.
 */
function persianFormat(): Intl.DateTimeFormat {
  persian ??= new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  })
  return persian
}

export function toJalali(date: Date): JalaliDate {
  const parts = Object.fromEntries(persianFormat().formatToParts(date).map((part) => [part.type, part.value]))
  return { year: Number.parseInt(parts.year ?? '0', 10), month: Number(parts.month), day: Number(parts.day) }
}

/** Days since 1 Farvardin in the Jalali year: six months of 31 days, then 30. */
function dayOfYear(month: number, day: number): number {
  return month <= 6 ? (month - 1) * 31 + day : 186 + (month - 7) * 30 + day
}

function compare(a: JalaliDate, b: JalaliDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day
}

/**
 * The Gregorian day of a Jalali date; null when the date does not exist (e.g. 30 Esfand of a common year). 1 Farvardin
 * falls within a day or two of 21 March, so the first guess is walked a day at a time to the exact date.
 */
export function fromJalali(target: JalaliDate): Date | null {
  let guess = Date.UTC(target.year + 621, 2, 21) + (dayOfYear(target.month, target.day) - 1) * DAY_MS
  const direction = Math.sign(compare(target, toJalali(new Date(guess))))
  for (let step = 0; step < 5; step += 1) {
    const order = compare(target, toJalali(new Date(guess)))
    if (order === 0) return new Date(guess)
    if (Math.sign(order) !== direction) return null
    guess += direction * DAY_MS
  }
  return null
}

export function daysInJalaliMonth(year: number, month: number): number {
  if (month <= 6) return 31
  if (month <= 11) return 30
  return fromJalali({ year, month: 12, day: 30 }) === null ? 29 : 30
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

export function jalaliOfIso(iso: string): JalaliDate | null {
  const date = new Date(`${iso}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? null : toJalali(date)
}

/** The Jalali month names in a locale with the Persian calendar (`tr-u-ca-persian`: Ferverdin…), from Intl. */
export function jalaliMonthNames(locale = 'fa-IR-u-ca-persian'): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' })
  return Array.from({ length: 12 }, (_, index) => {
    const date = fromJalali({ year: 1400, month: index + 1, day: 1 })
    return date === null ? String(index + 1) : format.format(date)
  })
}
