import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { createI18n } from '@/i18n'
import { JalaliDateSelect } from './jalali-date-select'

/** The selects held by a parent, as real callers hold them; every change is also reported to `spy`. */
function Held({
  initial,
  spy,
  newestFirst,
  language = 'fa',
}: {
  initial: string | null
  spy: (value: string | null) => void
  newestFirst?: boolean
  language?: 'fa' | 'tr'
}) {
  const [value, setValue] = useState(initial)
  return (
    <I18nextProvider i18n={createI18n(language)}>
      <div dir="rtl">
        <JalaliDateSelect
          value={value}
          onChange={(next) => {
            setValue(next)
            spy(next)
          }}
          fromYear={1404}
          toYear={1406}
          newestFirst={newestFirst}
          testIdPrefix="when"
        />
      </div>
    </I18nextProvider>
  )
}

const newSpy = () => vi.fn<(value: string | null) => void>()

const optionTexts = (name: string) =>
  Array.from((screen.getByRole('combobox', { name }) as HTMLSelectElement).options).map((option) => option.text)

describe('JalaliDateSelect', () => {
  it('shows an ISO day as its Jalali day, month and year, in Persian digits and month names', () => {
    render(<Held initial="2026-11-20" spy={newSpy()} />)
    expect(screen.getByTestId('when-day')).toHaveValue('29')
    expect(screen.getByTestId('when-month')).toHaveValue('8')
    expect(screen.getByTestId('when-year')).toHaveValue('1405')
    expect(screen.getByRole('combobox', { name: 'ماه' })).toHaveDisplayValue('آبان')
    expect(optionTexts('سال')).toEqual(['سال', '۱۴۰۴', '۱۴۰۵', '۱۴۰۶'])
    expect(optionTexts('روز')).toHaveLength(1 + 30)
  })

  it('names the Jalali months in Turkish on a Turkish screen', () => {
    render(<Held initial="2026-11-20" spy={newSpy()} language="tr" />)
    expect(screen.getByRole('combobox', { name: 'Ay' })).toHaveDisplayValue('Aban')
    expect(optionTexts('Ay').slice(1, 2)).toEqual(['Ferverdin'])
    expect(optionTexts('Yıl')).toEqual(['Yıl', '1404', '1405', '1406'])
  })

  it('lists the newest year first when asked', () => {
    render(<Held initial={null} spy={newSpy()} newestFirst />)
    expect(optionTexts('سال')).toEqual(['سال', '۱۴۰۶', '۱۴۰۵', '۱۴۰۴'])
  })

  it('gives the Gregorian day only once day, month and year are chosen', async () => {
    const user = userEvent.setup()
    const spy = newSpy()
    render(<Held initial={null} spy={spy} />)
    await user.selectOptions(screen.getByRole('combobox', { name: 'روز' }), '۱۰')
    await user.selectOptions(screen.getByRole('combobox', { name: 'ماه' }), 'آذر')
    expect(spy).toHaveBeenLastCalledWith(null)
    await user.selectOptions(screen.getByRole('combobox', { name: 'سال' }), '۱۴۰۵')
    expect(spy).toHaveBeenLastCalledWith('2026-12-01')
  })

  it('moves 31 to the last day of a shorter month, and 30 Esfand of a common year to the 29th', async () => {
    const user = userEvent.setup()
    const spy = newSpy()
    render(<Held initial="2026-04-20" spy={spy} />)
    await user.selectOptions(screen.getByRole('combobox', { name: 'روز' }), '۳۱')
    await user.selectOptions(screen.getByRole('combobox', { name: 'ماه' }), 'مهر')
    expect(spy).toHaveBeenLastCalledWith('2026-10-22')
    expect(screen.getByTestId('when-day')).toHaveValue('30')
    await user.selectOptions(screen.getByRole('combobox', { name: 'ماه' }), 'اسفند')
    // 1405 is a common year: Esfand has 29 days.
    expect(screen.getByTestId('when-day')).toHaveValue('29')
    expect(optionTexts('روز')).toHaveLength(1 + 29)
  })

  it('reports no date when a part is cleared', async () => {
    const user = userEvent.setup()
    const spy = newSpy()
    render(<Held initial="2026-11-20" spy={spy} />)
    await user.selectOptions(screen.getByRole('combobox', { name: 'روز' }), 'روز')
    expect(spy).toHaveBeenLastCalledWith(null)
    expect(screen.getByTestId('when-month')).toHaveValue('8')
  })
})
