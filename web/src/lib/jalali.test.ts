import { describe, expect, it } from 'vitest'
import { daysInJalaliMonth, fromJalali, isoDay, jalaliMonthNames, jalaliOfIso, toJalali } from './jalali'

describe('Jalali dates', () => {
  it.each([
    [{ year: 1401, month: 1, day: 1 }, '2022-03-21'],
    [{ year: 1403, month: 12, day: 30 }, '2025-03-20'],
    [{ year: 1370, month: 6, day: 31 }, '1991-09-22'],
    [{ year: 1379, month: 10, day: 11 }, '2000-12-31'],
  ])('%o is %s', (jalali, iso) => {
    expect(isoDay(fromJalali(jalali) as Date)).toBe(iso)
    expect(jalaliOfIso(iso)).toEqual(jalali)
  })

  it('rejects a day that does not exist and knows leap Esfand', () => {
    expect(fromJalali({ year: 1402, month: 12, day: 30 })).toBeNull()
    expect(daysInJalaliMonth(1403, 12)).toBe(30)
    expect(daysInJalaliMonth(1402, 12)).toBe(29)
    expect(daysInJalaliMonth(1402, 7)).toBe(30)
    expect(daysInJalaliMonth(1402, 1)).toBe(31)
  })

  it('round-trips every day over a century', () => {
    for (let time = Date.UTC(1930, 0, 1); time < Date.UTC(2030, 0, 1); time += 86_400_000 * 7) {
      const date = new Date(time)
      expect(fromJalali(toJalali(date))?.getTime()).toBe(time)
    }
  })

  it('names the months in Persian', () => {
    expect(jalaliMonthNames()[0]).toBe('فروردین')
    expect(jalaliMonthNames()[11]).toBe('اسفند')
  })
})
