import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { createI18n } from '@/i18n'
import { offeringGateways } from '@/testing/handlers'
import { server } from '@/testing/server'
import { CreditOffers } from './credit-offers'

function renderOffers() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createI18n('fa')}>
        <CreditOffers />
      </I18nextProvider>
    </QueryClientProvider>,
  )
}

const offers = () => screen.queryAllByTestId('credit-offer').map((offer) => offer.dataset.offer)

describe('credit offers', () => {
  afterEach(() => window.sessionStorage.clear())

  it('lists tara, snappPay, blubank with its cashback and digipay when the deployment offers them all [PM-24]', async () => {
    server.use(offeringGateways())
    renderOffers()
    await screen.findByTestId('credit-offers')
    expect(offers()).toEqual(['tara', 'snappPay', 'blubank', 'digipay'])
    const blubank = screen.getAllByTestId('credit-offer')[2]
    expect(within(blubank!).getByText('۱۵ درصد بازگشت وجه')).toBeInTheDocument()
    expect(screen.getByText('پرداخت در ۴ قسط')).toBeInTheDocument()
  })

  it('lists only the offers paymentMethodsVisibility names, and no section without any [PM-24]', async () => {
    server.use(offeringGateways())
    window.sessionStorage.setItem('paymentMethodsVisibility', 'online,digipay')
    const { unmount } = renderOffers()
    await screen.findByTestId('credit-offers')
    expect(offers()).toEqual(['digipay'])
    unmount()
    window.sessionStorage.setItem('paymentMethodsVisibility', 'online,c2c')
    renderOffers()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('credit-offers')).not.toBeInTheDocument()
  })

  it('advertises only what the checkout offers: not a gateway the deployment lacks or the session switched off', async () => {
    server.use(offeringGateways(['SNAPP_PAY', 'TARA', 'SAMAN']))
    window.sessionStorage.setItem('isTaraEnabled', 'false')
    renderOffers()
    await screen.findByTestId('credit-offers')
    expect(offers()).toEqual(['snappPay', 'blubank'])
  })
})
