import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, delay } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '@/testing/auth'
import { doubleTap } from '@/testing/double-tap'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { browserNavigation } from '../hooks/use-start-payment'
import { tehranMoment, yearChoices, type TransferCalendar } from './transfer-form'

const thisJalaliYear = String(yearChoices('persian')[0])

/**
 * Chooses an instant's date and time in the form's selects: the card form's shared Jalali selects hold the calendar
 * month (1–12), the PayPal picker the 0-based one [PR-38].
 */
async function chooseMoment(calendar: TransferCalendar, at: number) {
  const moment = tehranMoment(calendar, at)
  const [year, , day, hour, minute] = moment.map(String)
  const month = String(calendar === 'persian' ? moment[1] + 1 : moment[1])
  await userEvent.selectOptions(screen.getByLabelText('روز'), day ?? '')
  await userEvent.selectOptions(screen.getByLabelText('ماه'), month)
  await userEvent.selectOptions(screen.getByLabelText('سال'), year ?? '')
  await userEvent.selectOptions(screen.getByLabelText('ساعت'), hour ?? '')
  await userEvent.selectOptions(screen.getByLabelText('دقیقه'), minute ?? '')
}

function openCardForm() {
  return renderApp('/pay-card?serverType=LIMOO_SHOP&usePoints=1&dietPrice=450000', { session: { lemonadeOrderId: '77' } })
}

/** Fills the card form, dated now (the order was made an hour ago). */
async function fillCardForm(digits = '۱۲۳۴', at = Date.now()) {
  await userEvent.type(await screen.findByLabelText('چهار رقم آخر کارت'), digits)
  await chooseMoment('persian', at)
}

/** The date fields as the submission sends them: the calendar month, i.e. the picker's + 1. */
function sentMoment(at: number) {
  const [year, month, day, hour, minute] = tehranMoment('persian', at)
  return { 'pay-day': day, 'pay-month': month + 1, 'pay-year': year, 'pay-hour': hour, 'pay-minute': minute }
}

const submitButton = () => screen.getByRole('button', { name: /ثبت اطلاعات پرداخت|در حال ارسال/ })

beforeEach(() => {
  signIn()
})

describe('the card-to-card form [PM-55…PM-59]', () => {
  it('asks the date with the shared Jalali selects: this Jalali year and the previous one, Jalali months', async () => {
    openCardForm()
    const date = await screen.findByRole('group', { name: 'تاریخ واریز' })
    const year = within(date).getByRole('combobox', { name: 'سال' })
    const years = [...year.querySelectorAll('option')].map((option) => option.value).filter(Boolean)
    expect(years).toEqual([thisJalaliYear, String(Number(thisJalaliYear) - 1)])
    expect(within(date).getByRole('option', { name: 'فروردین' })).toHaveValue('1')
    expect(within(date).getByRole('option', { name: 'اسفند' })).toHaveValue('12')
    expect(within(date).getByTestId('pay-day')).toHaveClass('date-select__input')
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
    const now = Date.now()
    await fillCardForm('۱۲۳۴', now)
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await userEvent.click(submitButton())
    expect(await screen.findByRole('button', { name: 'در حال ارسال...' })).toBeDisabled()
    expect(await screen.findByText(/حداکثر تا ۴۸ ساعت/)).toBeInTheDocument()
    expect(currentLocation(router)).toBe('/pay-card-success')
    // The page leads on: to the panel, where the order's state shows, and to the orders history.
    expect(screen.getByRole('link', { name: 'رفتن به پنل رژیم' })).toHaveAttribute('href', '/diets')
    expect(screen.getByRole('link', { name: 'تاریخچه سفارش‌ها' })).toHaveAttribute('href', '/orders-history')
    expect(bodies[0]).toMatchObject({
      orderId: 77,
      service: 'LIMOO_SHOP',
      paymentConfig: { gateway: 'C2C' },
      meta: {
        dietPrice: 450000,
        usePoints: '1',
        gateway: 'C2C',
        'card-digits': '1234',
        ...sentMoment(now),
      },
    })
  })

  it('reports the transfer once for a double tap', async () => {
    let reports = 0
    server.use(
      http.post('/lemonade/api/payments', () => {
        reports += 1
        return HttpResponse.json({ paymentLink: '', paymentId: 9001 })
      }),
    )
    const { router } = openCardForm()
    await fillCardForm()
    await waitFor(() => expect(submitButton()).toBeEnabled())
    doubleTap(submitButton())
    expect(await screen.findByText(/حداکثر تا ۴۸ ساعت/)).toBeInTheDocument()
    expect(currentLocation(router)).toBe('/pay-card-success')
    expect(reports).toBe(1)
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

describe('where to pay how much for which order', () => {
  it('shows the exact amount in toman, the order number and the card in 4-digit blocks, and copies it', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    openCardForm()
    const destination = await screen.findByTestId('transfer-destination')
    expect(within(destination).getByTestId('transfer-amount')).toHaveTextContent('۱٬۰۳۲٬۰۰۰ تومان')
    expect(within(destination).getByTestId('transfer-order')).toHaveTextContent('۷۷')
    const card = within(destination).getByTestId('transfer-card-number')
    expect(card).toHaveTextContent('۶۰۳۷ ۹۹۷۵ ۹۹۹۹ ۰۰۰۱')
    expect(card).toHaveAttribute('dir', 'ltr')
    expect(destination).toHaveTextContent('لیمو سلامت')
    expect(destination).toHaveTextContent('بانک ملی')
    await userEvent.click(within(destination).getByRole('button', { name: 'کپی شماره کارت' }))
    expect(writeText).toHaveBeenCalledWith('6037997599990001')
    expect(await within(destination).findByRole('status')).toHaveTextContent('کپی شد')
  })

  it('writes the amount with the Turkish screen\'s digits and currency label', async () => {
    renderApp('/pay-card?serverType=LIMOO_SHOP&usePoints=1&dietPrice=450000', { session: { lemonadeOrderId: '77' }, language: 'tr' })
    const destination = await screen.findByTestId('transfer-destination')
    expect(within(destination).getByTestId('transfer-amount')).toHaveTextContent(/^1[.,]032[.,]000 Toman$/)
  })

  it('shows the PayPal account on the foreign transfer form', async () => {
    renderApp('/paypal-pay-card?serverType=LIMOO_SHOP&usePoints=0', { session: { lemonadeOrderId: '77' } })
    const destination = await screen.findByTestId('transfer-destination')
    expect(within(destination).getByTestId('transfer-paypal-account')).toHaveTextContent('paypal@limoo.example')
    expect(within(destination).queryByTestId('transfer-card-number')).toBeNull()
  })

  it('asks a Turkish customer for the PayPal transfer in US dollars, the currency PayPal sends, not in toman', async () => {
    renderApp('/paypal-pay-card?serverType=LIMOO_SHOP&usePoints=0', { session: { lemonadeOrderId: '77' }, language: 'tr' })
    const destination = await screen.findByTestId('transfer-destination')
    const amount = within(destination).getByTestId('transfer-amount')
    expect(amount).toHaveTextContent(/^\$10,32$/)
    expect(amount).not.toHaveTextContent('Toman')
  })

  it('refuses a transfer dated before the order or in the future, before submitting', async () => {
    openCardForm()
    await fillCardForm('۱۲۳۴', Date.now() - 3 * 3_600_000)
    // On the day or on the time, whichever is wrong at the hour the test runs (the schema's tests fix the clock).
    expect(await screen.findByText('تاریخ و ساعت واریز نمی‌تواند پیش از ثبت سفارش باشد.')).toBeInTheDocument()
    expect(submitButton()).toBeDisabled()
    await chooseMoment('persian', Date.now() + 3 * 3_600_000)
    expect(await screen.findByText('تاریخ و ساعت واریز نمی‌تواند بعد از اکنون باشد.')).toBeInTheDocument()
    expect(submitButton()).toBeDisabled()
    await chooseMoment('persian', Date.now())
    await waitFor(() => expect(submitButton()).toBeEnabled())
    expect(screen.queryByTestId('transfer-error-pay-day')).toBeNull()
    expect(screen.queryByTestId('transfer-error-pay-hour')).toBeNull()
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
    const now = Date.now()
    const [year, month] = tehranMoment('gregory', now)
    await userEvent.type(await screen.findByLabelText('ایمیل حساب PayPal'), 'payer')
    await chooseMoment('gregory', now)
    expect(submitButton()).toBeDisabled()
    await userEvent.type(screen.getByLabelText('ایمیل حساب PayPal'), '@example.com')
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await userEvent.click(submitButton())
    await screen.findByTestId('pay-card-success')
    expect(bodies[0]).toMatchObject({
      paymentConfig: { gateway: 'PAYPAL_ROSHANDEL' },
      meta: { account: 'payer@example.com', 'pay-month': month + 1, 'pay-year': year, usePoints: '0' },
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
