import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { createI18n } from '@/i18n'
import type { PaymentMethod, PaymentOption } from '../domain/methods'
import { PaymentMethodSheet } from './payment-method-sheet'

function renderSheet(options: PaymentOption[], defaultMethod: PaymentMethod | null) {
  const onPay = vi.fn<(method: PaymentMethod) => void>()
  render(
    <div dir="rtl">
      <I18nextProvider i18n={createI18n('fa')}>
        <PaymentMethodSheet
          open
          onClose={() => {}}
          options={options}
          defaultMethod={defaultMethod}
          onPay={onPay}
          pending={false}
        />
      </I18nextProvider>
    </div>,
  )
  return onPay
}

describe('payment method sheet', () => {
  it("keeps 'پرداخت' disabled until a method is chosen, then pays with it", async () => {
    const onPay = renderSheet(
      [
        { method: 'online', selectable: true },
        { method: 'c2c', selectable: true },
      ],
      null,
    )
    const pay = screen.getByRole('button', { name: 'پرداخت' })
    expect(pay).toBeDisabled()
    await userEvent.click(screen.getByRole('radio', { name: 'کارت به کارت' }))
    expect(pay).toBeEnabled()
    await userEvent.click(pay)
    expect(onPay).toHaveBeenCalledWith('c2c')
  })

  it('shows Snapp Pay found not eligible as marked and not selectable', () => {
    renderSheet(
      [
        { method: 'online', selectable: true },
        { method: 'snappPay', selectable: false },
      ],
      'online',
    )
    expect(screen.getByRole('radio', { name: 'اسنپ‌پی' })).toBeDisabled()
    expect(screen.getByTestId('not-eligible-note')).toHaveTextContent('در حال حاضر این روش برای سفارش شما فعال نیست.')
  })

  it('tells why Gumroad is not selectable and how to make it so', () => {
    renderSheet(
      [
        { method: 'LIMOO_GUMROAD', selectable: false, gumroadRefusal: 'points' },
        { method: 'PAYPAL_ROSHANDEL', selectable: true },
      ],
      'PAYPAL_ROSHANDEL',
    )
    expect(screen.getByRole('radio', { name: 'پرداخت بین‌المللی' })).toBeDisabled()
    expect(screen.getByTestId('not-eligible-note')).toHaveTextContent(
      'Gumroad قیمت خود محصول را می‌گیرد و امتیاز را نمی‌پذیرد؛ برای پرداخت با آن، امتیاز را از سفارش بردارید.',
    )
    expect(screen.getByTestId('not-eligible-note')).not.toHaveTextContent('کد')
  })
})
