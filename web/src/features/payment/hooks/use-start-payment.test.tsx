import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, delay } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '@/testing/auth'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { browserNavigation } from './use-start-payment'

const ER_24 =
  'شما قبلا امتیاز خود را برای پرداخت سفارش دیگری استفاده کرده اید. در صورت عدم پرداخت سفارش قبلی تا یک ساعت استفاده از امتیاز مجددا برای شما فعال خواهد شد.'
const LINK = 'http://gateway.test/v3/token-1'

async function payOnline(session: Record<string, string> = { lemonadeOrderId: '77' }) {
  renderApp('/checkout-new', { session: { enablePointUsage: 'false', ...session } })
  await screen.findByTestId('receipt')
  await userEvent.click(screen.getByRole('button', { name: 'انتخاب روش پرداخت' }))
  const dialog = await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })
  await userEvent.click(await within(dialog).findByRole('button', { name: 'پرداخت' }))
  return dialog
}

let assign: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  signIn()
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {})
})

afterEach(() => {
  assign.mockRestore()
})

describe('paying online [PM-48]', () => {
  it('asks the BFF for a payment link and sends the browser there', async () => {
    const sent: Request[] = []
    server.use(
      http.post('/lemonade/api/payments', async ({ request }) => {
        sent.push(request.clone())
        return HttpResponse.json({ paymentLink: LINK })
      }),
    )
    await payOnline()
    await waitFor(() => expect(assign).toHaveBeenCalledWith(LINK))
    const [request] = sent
    if (request === undefined) throw new Error('no payment request')
    const body = await request.json()
    expect(body).toMatchObject({ orderId: 77, paymentConfig: { gateway: 'online' } })
    expect(body.paymentConfig.paymentResultUrl).toMatch(/#\/payment-result$/)
    expect(request.headers.get('Idempotency-Key')).toBeTruthy()
  })

  it('keeps the pay button busy while the request runs, then idle again [PM-51, PM-52]', async () => {
    server.use(
      http.post('/lemonade/api/payments', async () => {
        await delay(150)
        return HttpResponse.json(errorBody('500'), { status: 500 })
      }),
    )
    const dialog = await payOnline()
    const button = within(dialog).getByRole('button', { name: 'پرداخت' })
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'))
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'))
  })

  it('attempts nothing without an order id in session storage [PM-50]', async () => {
    let called = false
    server.use(
      http.post('/lemonade/api/payments', () => {
        called = true
        return HttpResponse.json({ paymentLink: LINK })
      }),
    )
    renderApp('/checkout-new', { session: { enablePointUsage: 'false' } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(called).toBe(false)
    expect(assign).not.toHaveBeenCalled()
  })
})

describe('payment errors', () => {
  it('shows the points-already-used text for 409 [ER-21, ER-24]', async () => {
    server.use(http.post('/lemonade/api/payments', () => HttpResponse.json(errorBody('409', ER_24), { status: 409 })))
    const dialog = await payOnline()
    expect(await within(dialog).findByTestId('payment-notice')).toHaveTextContent(ER_24)
  })

  it('shows the first details message as the redirect message [ER-22]', async () => {
    const body = { err: { code: '502', message: 'x', details: { messages: ['مبلغ نامعتبر است', 'دوم'] } } }
    server.use(http.post('/lemonade/api/payments', () => HttpResponse.json(body, { status: 502 })))
    const dialog = await payOnline()
    expect(await within(dialog).findByTestId('payment-notice')).toHaveTextContent('مبلغ نامعتبر است')
    expect(assign).not.toHaveBeenCalled()
  })

  it('shows the checkout error text for anything else [ER-23]', async () => {
    server.use(http.post('/lemonade/api/payments', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    const dialog = await payOnline()
    expect(await within(dialog).findByTestId('payment-notice')).toHaveTextContent('خطا رخ داده است!')
  })
})
