import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '@/testing/auth'
import { buildBasketItem, buildInvoice } from '@/testing/data/checkout'
import { errorBody, offeringGateways } from '@/testing/handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { browserNavigation } from '../hooks/use-start-payment'

// The popup opens from the checkout footer, as customers reach it.
const ORDER = { lemonadeOrderId: '77', enablePointUsage: 'false' }

async function openPopup(session: Record<string, string> = {}) {
  renderApp('/checkout-new', { session: { ...ORDER, ...session } })
  await screen.findByTestId('receipt')
  await userEvent.click(screen.getByRole('button', { name: 'انتخاب روش پرداخت' }))
  const dialog = await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })
  await within(dialog).findByRole('button', { name: 'پرداخت' })
  return dialog
}

async function listedMethods(dialog: HTMLElement) {
  const rows = await within(dialog).findAllByTestId('payment-method')
  return rows.map((row) => row.getAttribute('data-method'))
}

function checkedMethod(dialog: HTMLElement) {
  return within(dialog)
    .getAllByRole('radio')
    .find((radio) => (radio as HTMLInputElement).checked)
    ?.getAttribute('value')
}

beforeEach(() => {
  signIn()
})

describe('payment methods shown', () => {
  it('lists online and card-to-card by default, online chosen [PR-49]', async () => {
    const dialog = await openPopup()
    expect(await listedMethods(dialog)).toEqual(['online', 'c2c'])
    expect(within(dialog).getByRole('radio', { name: 'پرداخت آنلاین' })).toBeChecked()
    expect(within(dialog).getByRole('button', { name: 'پرداخت' })).toBeEnabled()
  })

  it('adds each gateway the deployment offers, and tally by its window flag, with the BluBank cashback note', async () => {
    server.use(offeringGateways())
    const globals = window as unknown as Record<string, unknown>
    globals.isTallyEnabled = true
    try {
      const dialog = await openPopup({ BLUBANK_CASHBACK_VALUE: '20' })
      expect(await listedMethods(dialog)).toEqual(['online', 'c2c', 'snappPay', 'blubank', 'digipay', 'tara', 'tally'])
      expect(within(dialog).getByTestId('cashback-note')).toHaveTextContent('۲۰ درصد بازگشت وجه')
      expect(within(dialog).getByRole('radio', { name: 'اسنپ‌پی' })).toHaveAccessibleDescription('پرداخت در ۴ قسط')
    } finally {
      delete globals.isTallyEnabled
    }
  })

  it('keeps only the methods of a paymentMethodsVisibility list and chooses its first allowed one [PR-50]', async () => {
    server.use(offeringGateways(['TARA']))
    const dialog = await openPopup({ paymentMethodsVisibility: 'digipay,tara,c2c' })
    expect(await listedMethods(dialog)).toEqual(['c2c', 'tara'])
    expect(checkedMethod(dialog)).toBe('tara')
  })

  it("lets the session's flags switch off for this visit a gateway the deployment offers", async () => {
    server.use(offeringGateways(['SNAPP_PAY', 'DIGIPAY']))
    const dialog = await openPopup({ isSnappEnabled: 'false', isTaraEnabled: 'true' })
    expect(await listedMethods(dialog)).toEqual(['online', 'c2c', 'digipay'])
  })

  it('chooses the session defaultPaymentMethod [PR-49]', async () => {
    const dialog = await openPopup({ defaultPaymentMethod: 'c2c' })
    expect(within(dialog).getByRole('radio', { name: 'کارت به کارت' })).toBeChecked()
  })

  it('chooses the first gateway the product meta allows [PR-48]', async () => {
    server.use(
      http.get('/lemonade/api/orders/{id}/invoice', () =>
        HttpResponse.json(buildInvoice([buildBasketItem({ meta: { paymentGateways: ['LIMOO_TARA', 'C2C'] } })])),
      ),
    )
    const dialog = await openPopup({ defaultPaymentMethod: 'online' })
    expect(checkedMethod(dialog)).toBe('c2c')
  })

  it('shows a foreign customer Gumroad and PayPal', async () => {
    server.use(
      offeringGateways(['GUMROAD']),
      http.get('/app/auth/currentUser', () =>
        HttpResponse.json({ status: 'success', msg: { firstName: 'unknown', lastName: 'unknown', mobile: '+905321234567' } }),
      ),
    )
    const dialog = await openPopup({ isSnappEnabled: 'true' })
    expect(await listedMethods(dialog)).toEqual(['LIMOO_GUMROAD', 'PAYPAL_ROSHANDEL'])
    expect(checkedMethod(dialog)).toBe('LIMOO_GUMROAD')
    // Gumroad charges the programme's own dollar price there, not the toman total shown here.
    const gumroad = (await within(dialog).findAllByTestId('payment-method')).find((row) => row.dataset.method === 'LIMOO_GUMROAD')
    expect(gumroad).toHaveTextContent('به قیمت دلاری همین برنامه در Gumroad')
    // …and the sheet says how much that is, as Gumroad reports it for this order.
    expect(await within(gumroad!).findByTestId('gumroad-price')).toHaveTextContent('مبلغ پرداخت در Gumroad: $10')
  })

  it('shows no Gumroad amount when its price cannot be read, and Gumroad can still be chosen', async () => {
    let gumroadPriceAsked = false
    server.use(
      offeringGateways(['GUMROAD']),
      http.get('/app/auth/currentUser', () =>
        HttpResponse.json({ status: 'success', msg: { firstName: 'unknown', lastName: 'unknown', mobile: '+905321234567' } }),
      ),
      http.post('/lemonade/api/payments/gumroad/price', () => {
        gumroadPriceAsked = true
        return HttpResponse.json(errorBody('502'), { status: 502 })
      }),
    )
    const dialog = await openPopup()
    expect(checkedMethod(dialog)).toBe('LIMOO_GUMROAD')
    await waitFor(() => expect(gumroadPriceAsked).toBe(true))
    expect(within(dialog).queryByTestId('gumroad-price')).toBeNull()
  })

  it('does not let a basket that is more than one Gumroad product be paid through Gumroad [PM-45]', async () => {
    server.use(
      offeringGateways(['GUMROAD']),
      http.get('/app/auth/currentUser', () =>
        HttpResponse.json({ status: 'success', msg: { firstName: 'unknown', lastName: 'unknown', mobile: '+905321234567' } }),
      ),
      http.get('/lemonade/api/orders/{id}/invoice', () =>
        HttpResponse.json(buildInvoice([buildBasketItem(), buildBasketItem({ productId: 102, meta: {} })])),
      ),
    )
    const dialog = await openPopup()
    expect(await listedMethods(dialog)).toEqual(['LIMOO_GUMROAD', 'PAYPAL_ROSHANDEL'])
    expect(within(dialog).getByRole('radio', { name: 'پرداخت بین‌المللی' })).toBeDisabled()
    expect(within(dialog).getByTestId('not-eligible-note')).toHaveTextContent('Gumroad هر بار فقط یک محصول می‌فروشد')
    expect(checkedMethod(dialog)).toBe('PAYPAL_ROSHANDEL')
  })

  it('tells a Turkish customer why Gumroad cannot sell a product it does not carry, blaming no code or points', async () => {
    server.use(
      offeringGateways(['GUMROAD']),
      http.get('/app/auth/currentUser', () =>
        HttpResponse.json({ status: 'success', msg: { firstName: 'unknown', lastName: 'unknown', mobile: '+905321234567' } }),
      ),
      http.get('/lemonade/api/orders/{id}/invoice', () => HttpResponse.json(buildInvoice([buildBasketItem({ meta: {} })]))),
    )
    renderApp('/checkout-new', { language: 'tr', session: ORDER })
    await screen.findByTestId('receipt')
    await userEvent.click(screen.getByTestId('checkout-button'))
    const dialog = await screen.findByRole('dialog')
    const gumroad = (await within(dialog).findAllByTestId('payment-method')).find((row) => row.dataset.method === 'LIMOO_GUMROAD')
    expect(gumroad).toHaveAttribute('data-selectable', 'false')
    expect(within(gumroad!).getByTestId('not-eligible-note')).toHaveTextContent(
      'Bu ürün Gumroad üzerinden satılmıyor; PayPal transferiyle ödeyebilirsiniz.',
    )
  })
})

describe("the 'پرداخت' button", () => {
  it('is disabled while no method can be chosen', async () => {
    const dialog = await openPopup({ paymentMethodsVisibility: 'tara' })
    expect(within(dialog).getByTestId('payment-methods-empty')).toHaveTextContent('در حال حاضر روش پرداختی در دسترس نیست.')
    expect(within(dialog).getByRole('button', { name: 'پرداخت' })).toBeDisabled()
  })

  it('pays with the chosen method: card to card opens its transfer form [PM-40]', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {})
    const dialog = await openPopup()
    await userEvent.click(within(dialog).getByRole('radio', { name: 'کارت به کارت' }))
    expect(checkedMethod(dialog)).toBe('c2c')
    await userEvent.click(within(dialog).getByRole('button', { name: 'پرداخت' }))
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^#\/pay-card\?serverType=LIMOO_SHOP&/))
    assign.mockRestore()
  })
})

describe('Snapp Pay eligibility [PM-37, PM-38]', () => {
  const snappSession = { lemonadeOrderId: '77', enablePointUsage: 'false', paymentMethodsVisibility: 'all' }

  async function snappOption() {
    server.use(offeringGateways(['SNAPP_PAY']))
    renderApp('/checkout-new', { session: snappSession })
    await screen.findByTestId('receipt')
    await userEvent.click(screen.getByRole('button', { name: 'انتخاب روش پرداخت' }))
    const dialog = await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })
    const options = await within(dialog).findAllByTestId('payment-method')
    const snapp = options.find((option) => option.dataset.method === 'snappPay')
    if (snapp === undefined) throw new Error('snappPay is not listed')
    return snapp
  }

  it('asks with the payable total (points taken off) in rial when the popup opens, and allows the method', async () => {
    const asked: unknown[] = []
    // Snapp Pay is paid the payable total, so that is the amount its eligibility must be asked for [PR-34].
    const invoice = buildInvoice([buildBasketItem({ userPointDeduction: 100_000 })], { id: 77 })
    expect(invoice.totalPrice).toBeLessThan(invoice.totalFinalPrice)
    server.use(
      http.get('/lemonade/api/orders/{id}/invoice', () => HttpResponse.json(invoice)),
      http.post('/lemonade/api/payments/snapp-pay/eligibility', async ({ request }) => {
        asked.push(await request.clone().json())
        return HttpResponse.json({ response: { eligible: true, description: 'پرداخت در ۴ قسط' } })
      }),
    )
    const snapp = await snappOption()
    expect(snapp.dataset.selectable).toBe('true')
    expect(within(snapp).getByTestId('method-note')).toHaveTextContent('پرداخت در ۴ قسط')
    expect(asked).toEqual([expect.objectContaining({ amount: invoice.totalPrice * 10, service: 'LIMOO_SHOP', gateway: 'SNAPP_PAY' })])
  })

  it('marks the method not eligible with its description, and the popup still opens', async () => {
    server.use(
      http.post('/lemonade/api/payments/snapp-pay/eligibility', () =>
        HttpResponse.json({ response: { eligible: false, description: 'سقف اعتبار کافی نیست' } }),
      ),
    )
    const snapp = await snappOption()
    expect(snapp.dataset.selectable).toBe('false')
    expect(within(snapp).getByTestId('method-note')).toHaveTextContent('سقف اعتبار کافی نیست')
  })

  it('marks the method not eligible when the check fails', async () => {
    server.use(
      http.post('/lemonade/api/payments/snapp-pay/eligibility', () =>
        HttpResponse.json(errorBody('502'), { status: 502 }),
      ),
    )
    const snapp = await snappOption()
    expect(snapp.dataset.selectable).toBe('false')
  })
})
