import { render, screen, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { createI18n } from '@/i18n'
import { CreditOffers } from './credit-offers'

function renderOffers() {
  return render(
    <I18nextProvider i18n={createI18n('fa')}>
      <CreditOffers />
    </I18nextProvider>,
  )
}

const offers = () => screen.queryAllByTestId('credit-offer').map((offer) => offer.dataset.offer)

describe('credit offers', () => {
  afterEach(() => window.sessionStorage.clear())

  it('lists tara, snappPay, blubank with its cashback and digipay when every method may show [PM-24]', () => {
    renderOffers()
    expect(offers()).toEqual(['tara', 'snappPay', 'blubank', 'digipay'])
    const blubank = screen.getAllByTestId('credit-offer')[2]
    expect(within(blubank!).getByText('۱۵ درصد بازگشت وجه')).toBeInTheDocument()
    expect(screen.getByText('پرداخت در ۴ قسط')).toBeInTheDocument()
  })

  it('lists only the offers paymentMethodsVisibility names, and no section without any [PM-24]', () => {
    window.sessionStorage.setItem('paymentMethodsVisibility', 'online,digipay')
    const { unmount } = renderOffers()
    expect(offers()).toEqual(['digipay'])
    unmount()
    window.sessionStorage.setItem('paymentMethodsVisibility', 'online,c2c')
    renderOffers()
    expect(screen.queryByTestId('credit-offers')).not.toBeInTheDocument()
  })
})
