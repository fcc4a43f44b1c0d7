import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, delay } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_TIMEOUT_MS } from '@/config/env'
import { signIn } from '@/testing/auth'
import { buildInvoice } from '@/testing/data/checkout'
import { doubleTap } from '@/testing/double-tap'
import { errorBody, offeringGateways } from '@/testing/handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { browserNavigation } from './use-start-payment'

const ER_24 =
  'شما قبلا امتیاز خود را برای پرداخت سفارش دیگری استفاده کرده اید. در صورت عدم پرداخت سفارش قبلی تا یک ساعت استفاده از امتیاز مجددا برای شما فعال خواهد شد.'
const LINK = 'http://gateway.test/v3/token-1'

async function payOnline(session: Record<string, string> = { lemonadeOrderId: '77' }, method?: string) {
  renderApp('/checkout-new', { session: { enablePointUsage: 'false', ...session } })
  await screen.findByTestId('receipt')
  await userEvent.click(screen.getByRole('button', { name: 'انتخاب روش پرداخت' }))
  const dialog = await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })
  if (method !== undefined) {
    const option = (await within(dialog).findAllByTestId('payment-method')).find((o) => o.dataset.method === method)
    const radio = option?.querySelector('input')
    if (!radio) throw new Error(`no ${method} option`)
    await userEvent.click(radio)
  }
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
    expect(body).toMatchObject({ orderId: 77, paymentConfig: { gateway: 'online' }, expectedAmount: 490000 })
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
    const button = within(dialog).getByTestId('payment-button')
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'))
    await screen.findByTestId('checkout-error')
    await userEvent.click(screen.getByRole('button', { name: 'انتخاب روش پرداخت' }))
    const reopened = await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })
    expect(within(reopened).getByRole('button', { name: 'پرداخت' })).toHaveAttribute('aria-busy', 'false')
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

describe('payment errors go to the checkout error section', () => {
  it('shows the points-already-used text and the section for 409 [ER-21, ER-24]', async () => {
    server.use(http.post('/lemonade/api/payments', () => HttpResponse.json(errorBody('409', ER_24), { status: 409 })))
    await payOnline()
    expect(await screen.findByTestId('payment-points-used')).toHaveTextContent(ER_24)
    expect(screen.getByTestId('checkout-error')).toHaveTextContent('خطا رخ داده است!')
    expect(screen.queryByRole('dialog', { name: 'انتخاب روش پرداخت' })).not.toBeInTheDocument()
  })

  it('shows the sentence of a 409 that names its reason, not the points text, and reloads the invoice', async () => {
    const changed = 'مبلغ این سفارش تغییر کرده است. صورتحساب تازه را ببینید و دوباره پرداخت کنید.'
    const body = { err: { code: '409', message: changed, reason: 'PRICE_CHANGED', details: { messages: [changed] } } }
    let invoiceLoads = 0
    server.use(
      http.post('/lemonade/api/payments', () => HttpResponse.json(body, { status: 409 })),
      http.get('/lemonade/api/orders/{id}/invoice', () => {
        invoiceLoads += 1
        return HttpResponse.json(buildInvoice())
      }),
    )
    await payOnline()
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(changed)
    expect(screen.queryByTestId('payment-points-used')).not.toBeInTheDocument()
    await waitFor(() => expect(invoiceLoads).toBe(2))
  })

  it('shows the first details message as the redirect message [ER-22]', async () => {
    const body = { err: { code: '502', message: 'x', details: { messages: ['مبلغ نامعتبر است', 'دوم'] } } }
    server.use(http.post('/lemonade/api/payments', () => HttpResponse.json(body, { status: 502 })))
    await payOnline()
    const section = await screen.findByTestId('checkout-error')
    expect(section).toHaveTextContent('مبلغ نامعتبر است')
    expect(section).not.toHaveTextContent('دوم')
    expect(assign).not.toHaveBeenCalled()
  })

  it('shows the checkout error section for anything else; its retry clears it and the pay button works again [ER-23]', async () => {
    let calls = 0
    server.use(
      http.post('/lemonade/api/payments', () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json(errorBody('500'), { status: 500 })
          : HttpResponse.json({ paymentLink: LINK })
      }),
    )
    await payOnline()
    const section = await screen.findByTestId('checkout-error')
    expect(section).toHaveTextContent('لطفا بعد از چند دقیقه دوباره تلاش کنید.')
    await userEvent.click(within(section).getByRole('button', { name: 'تلاش مجدد' }))
    expect(screen.queryByTestId('checkout-error')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'انتخاب روش پرداخت' }))
    const dialog = await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'پرداخت' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(LINK))
  })
})

describe('while a payment start runs', () => {
  it('starts one payment for a double tap within one frame', async () => {
    let starts = 0
    server.use(
      http.post('/lemonade/api/payments', () => {
        starts += 1
        return HttpResponse.json({ paymentLink: LINK })
      }),
    )
    renderApp('/checkout-new', { session: { enablePointUsage: 'false', lemonadeOrderId: '77' } })
    await screen.findByTestId('receipt')
    await userEvent.click(screen.getByRole('button', { name: 'انتخاب روش پرداخت' }))
    const dialog = await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })
    const pay = await within(dialog).findByRole('button', { name: 'پرداخت' })
    doubleTap(pay)
    await waitFor(() => expect(assign).toHaveBeenCalledWith(LINK))
    expect(starts).toBe(1)
  })

  it('keeps the sheet open and says it is connecting; the redirect follows the answer', async () => {
    let answer: () => void = () => {}
    server.use(
      http.post('/lemonade/api/payments', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve
        })
        return HttpResponse.json({ paymentLink: LINK })
      }),
    )
    const dialog = await payOnline()
    const pay = await within(dialog).findByRole('button', { name: 'در حال اتصال به درگاه...' })
    expect(pay).toHaveAttribute('aria-busy', 'true')
    await userEvent.keyboard('{Escape}')
    const close = within(dialog).getByRole('button', { name: 'بستن' })
    expect(close).toBeDisabled()
    await userEvent.click(close)
    expect(screen.getByRole('dialog', { name: 'انتخاب روش پرداخت' })).toBe(dialog)
    answer()
    await waitFor(() => expect(assign).toHaveBeenCalledWith(LINK))
  })
})

describe('a payment start with no answer [ER-23]', () => {
  it('ends in the checkout error section, and trying again shows the BFF sentence for the start it may have made', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const inProgress = 'پرداخت دیگری برای این سفارش در جریان است؛ چند ثانیه بعد دوباره امتحان کنید.'
    let calls = 0
    server.use(
      http.post('/lemonade/api/payments', async () => {
        calls += 1
        if (calls === 1) await delay('infinite')
        const err = { code: '409', message: inProgress, reason: 'PAYMENT_IN_PROGRESS', details: { messages: [inProgress] } }
        return HttpResponse.json({ err }, { status: 409 })
      }),
    )
    await payOnline()
    await expect.poll(() => calls).toBe(1)
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
    const section = await screen.findByTestId('checkout-error')
    expect(section).toHaveTextContent('لطفا بعد از چند دقیقه دوباره تلاش کنید.')
    await userEvent.click(within(section).getByRole('button', { name: 'تلاش مجدد' }))
    await userEvent.click(screen.getByRole('button', { name: 'انتخاب روش پرداخت' }))
    const dialog = await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'پرداخت' }))
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(inProgress)
    expect(assign).not.toHaveBeenCalled()
  })
})

describe('every link method pays through the BFF with its gateway [PM-41…PM-45, PM-48]', () => {
  const cases = [
    ['snappPay', 'SNAPP_PAY'],
    ['blubank', 'LIMOO_SAMAN'],
    ['digipay', 'LIMOO_DIGIPAY'],
    ['tara', 'LIMOO_TARA'],
    // Tally pays through the online gateway until its own protocol is specified (DECISIONS).
    ['tally', 'online'],
  ] as const

  for (const [method, gateway] of cases) {
    it(`${method} asks for ${gateway}`, async () => {
      const gateways: string[] = []
      server.use(
        offeringGateways(),
        http.post('/lemonade/api/payments', async ({ request }) => {
          const body = (await request.clone().json()) as { paymentConfig: { gateway: string } }
          gateways.push(body.paymentConfig.gateway)
          return HttpResponse.json({ paymentLink: LINK })
        }),
      )
      await payOnline({ lemonadeOrderId: '77', paymentMethodsVisibility: 'all', isTallyEnabled: 'true' }, method)
      await waitFor(() => expect(gateways).toEqual([gateway]))
      expect(assign).toHaveBeenCalledWith(LINK)
    })
  }

  it('posts the form Tara answers instead of following the link [PM-44]', async () => {
    const postForm = vi.spyOn(browserNavigation, 'postForm').mockImplementation(() => {})
    const form = { action: 'https://tara.test/pay', fields: [{ name: 'token', value: 't-1' }, { name: 'username', value: 'limoo' }] }
    const reply = { paymentLink: form.action, form }
    server.use(http.post('/lemonade/api/payments', () => HttpResponse.json(reply)))
    await payOnline()
    await waitFor(() => expect(postForm).toHaveBeenCalledWith(form.action, form.fields))
    expect(assign).not.toHaveBeenCalled()
    postForm.mockRestore()
  })
})

describe('the Snapp A/B test [PM-53]', () => {
  it('keeps one half per session and sends it with the order once', async () => {
    const sent: unknown[] = []
    server.use(
      http.patch('/lemonade/api/orders/user/{id}', async ({ params, request }) => {
        const { meta } = await request.json()
        sent.push({ id: params.id, meta })
        return HttpResponse.json({ id: Number(params.id), meta })
      }),
    )
    renderApp('/checkout-new', { session: { enablePointUsage: 'false', lemonadeOrderId: '77', snappTestVal: 'true' } })
    await screen.findByTestId('receipt')
    await waitFor(() => expect(sent).toEqual([{ id: '77', meta: { SNAPP_TEST_VAL: true } }]))
    expect(sessionStorage.getItem('snappTestVal')).toBe('true')
  })
})
