import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, delay } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '@/testing/auth'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { browserNavigation } from '../hooks/use-start-payment'
import { yearChoices } from './transfer-form'

const thisJalaliYear = String(yearChoices('persian')[0])

function openCardForm() {
  return renderApp('/pay-card?serverType=LIMOO_SHOP&usePoints=1&dietPrice=450000', { session: { lemonadeOrderId: '77' } })
}

async function fillCardForm(digits = '۱۲۳۴') {
  await userEvent.type(await screen.findByLabelText('چهار رقم آخر کارت'), digits)
  await userEvent.selectOptions(screen.getByLabelText('روز'), '2')
  await userEvent.selectOptions(screen.getByLabelText('ماه'), '8')
  await userEvent.selectOptions(screen.getByLabelText('سال'), thisJalaliYear)
  await userEvent.selectOptions(screen.getByLabelText('ساعت'), '14')
  await userEvent.selectOptions(screen.getByLabelText('دقیقه'), '5')
}

const submitButton = () => screen.getByRole('button', { name: /ثبت اطلاعات پرداخت|در حال ارسال/ })

beforeEach(() => {
  signIn()
})

describe('the card-to-card form [PM-55…PM-59]', () => {
  it('offers this Jalali year and the previous one, and Jalali months', async () => {
    openCardForm()
    const year = await screen.findByLabelText('سال')
    const years = [...year.querySelectorAll('option')].map((option) => option.value).filter(Boolean)
    expect(years).toEqual([thisJalaliYear, String(Number(thisJalaliYear) - 1)])
    expect(screen.getByRole('option', { name: 'فروردین' })).toHaveValue('0')
    expect(screen.getByRole('option', { name: 'اسفند' })).toHaveValue('11')
  })

  it('keeps submit disabled until every field is valid, converting Persian digits', async () => {
    openCardForm()
    await fillCardForm('۱۲۳')
    expect(screen.getByLabelText('چهار رقم آخر کارت')).toHaveValue('123')
    expect(submitButton()).toBeDisabled()
    await userEvent.type(screen.getByLabelText('چهار رقم آخر کارت'), '٤')
    expect(screen.getByLabelText('چهار رقم آخر کارت')).toHaveValue('1234')
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await userEvent.type(screen.getByLabelText('چهار رقم آخر کارت'), '5')
    await waitFor(() => expect(submitButton()).toBeDisabled())
  })

  it('sends spec 2 field names with the month + 1, shows loading, then opens /pay-card-success', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('/lemonade/api/payments', async ({ request }) => {
        bodies.push(await request.json())
        await delay(100)
        return HttpResponse.json({ paymentLink: '', paymentId: 9001 })
      }),
    )
    const { router } = openCardForm()
    await fillCardForm()
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await userEvent.click(submitButton())
    expect(await screen.findByRole('button', { name: 'در حال ارسال...' })).toBeDisabled()
    expect(await screen.findByText(/حداکثر تا ۴۸ ساعت/)).toBeInTheDocument()
    expect(currentLocation(router)).toBe('/pay-card-success')
    expect(bodies[0]).toMatchObject({
      orderId: 77,
      service: 'LIMOO_SHOP',
      paymentConfig: { gateway: 'C2C' },
      meta: {
        dietPrice: 450000,
        usePoints: '1',
        gateway: 'C2C',
        'card-digits': '1234',
        'pay-day': 2,
        'pay-month': 9,
        'pay-year': Number(thisJalaliYear),
        'pay-hour': 14,
        'pay-minute': 5,
      },
    })
  })

  it("shows the checkout error section with the BFF's message on failure, and retry brings the form back", async () => {
    const refusal = 'اطلاعات پرداخت این سفارش قبلا ثبت شده و در حال بررسی است.'
    server.use(
      http.post('/lemonade/api/payments', () =>
        HttpResponse.json({ err: { code: '409', message: refusal, details: { messages: [refusal] } } }, { status: 409 }),
      ),
    )
    openCardForm()
    await fillCardForm()
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await userEvent.click(submitButton())
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(refusal)
    await userEvent.click(screen.getByTestId('checkout-retry'))
    expect(await screen.findByLabelText('چهار رقم آخر کارت')).toBeInTheDocument()
  })
})

describe('the PayPal form [PM-60]', () => {
  it('needs a valid e-mail and offers Gregorian years', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('/lemonade/api/payments', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ paymentLink: '', paymentId: 9002 })
      }),
    )
    renderApp('/paypal-pay-card?serverType=LIMOO_SHOP&usePoints=0', { session: { lemonadeOrderId: '77' } })
    const gregorian = String(yearChoices('gregory')[0])
    await userEvent.type(await screen.findByLabelText('ایمیل حساب PayPal'), 'payer')
    await userEvent.selectOptions(screen.getByLabelText('روز'), '2')
    await userEvent.selectOptions(screen.getByLabelText('ماه'), '11')
    await userEvent.selectOptions(screen.getByLabelText('سال'), gregorian)
    await userEvent.selectOptions(screen.getByLabelText('ساعت'), '0')
    await userEvent.selectOptions(screen.getByLabelText('دقیقه'), '0')
    expect(submitButton()).toBeDisabled()
    await userEvent.type(screen.getByLabelText('ایمیل حساب PayPal'), '@example.com')
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await userEvent.click(submitButton())
    await screen.findByTestId('pay-card-success')
    expect(bodies[0]).toMatchObject({
      paymentConfig: { gateway: 'PAYPAL_ROSHANDEL' },
      meta: { account: 'payer@example.com', 'pay-month': 12, 'pay-year': Number(gregorian), usePoints: '0' },
    })
  })
})

describe('the payment popup [PM-40]', () => {
  it('opens the card-to-card form for c2c instead of asking for a payment link', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {})
    renderApp('/checkout-new', { session: { enablePointUsage: 'false', lemonadeOrderId: '77' } })
    await screen.findByTestId('receipt')
    await userEvent.click(screen.getByRole('button', { name: 'انتخاب روش پرداخت' }))
    const dialog = await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })
    await userEvent.click(await within(dialog).findByRole('radio', { name: /کارت به کارت/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'پرداخت' }))
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^#\/pay-card\?serverType=LIMOO_SHOP&usePoints=0&dietPrice=\d+$/))
    assign.mockRestore()
  })
})
