import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { buildInvoice } from '@/testing/data/checkout'
import { activeDiet, errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

type Item = ReturnType<typeof buildInvoice>['basketItems'][number]

function invoiceWith(meta: Record<string, unknown>, item: Partial<Item> = {}) {
  const invoice = buildInvoice(undefined, PAID)
  const [first] = invoice.basketItems
  if (first === undefined) throw new Error('the test invoice has no item')
  return { ...invoice, basketItems: [{ ...first, ...item, meta }] }
}

function answerInvoice(invoice: ReturnType<typeof buildInvoice>) {
  server.use(http.get('/lemonade/api/orders/{id}/invoice', () => HttpResponse.json(invoice)))
}

function mentorAnswers(status: number, code?: string) {
  server.use(
    http.get('/mentors/link-by-mobile', () =>
      code === undefined
        ? HttpResponse.json({ mentorLink: 'https://support.test/mentor/123' })
        : HttpResponse.json(errorBody(code), { status: status as 404 }),
    ),
  )
}

/** The customer's package (with an order) in `status`; paths the page asked for are in `requests`. */
function answerPackage(status: 'ANSWERING_QUESTIONS' | 'ISSUING') {
  server.use(
    http.get('/app/diets/active', () => {
      requests.push('/app/diets/active')
      const answer = activeDiet(status)
      return HttpResponse.json({ ...answer, msg: { activeDiet: { ...answer.msg.activeDiet, orderId: 77 } } })
    }),
  )
}
let requests: string[] = []

/** The invoice of a paid order: the only one the success page calls a success. */
const PAID = { id: 77, status: 'PAYMENT_SUCCESS' as const }

beforeEach(() => {
  requests = []
  signIn()
  answerInvoice(buildInvoice(undefined, PAID))
})

describe('/payment-success [PM-61…PM-67]', () => {
  it('loads the invoice, sends the purchase event, then shows the support button with the mentor link', async () => {
    const events: unknown[] = []
    server.use(
      http.post('/lemonade/api/analytics', async ({ request }) => {
        events.push(await request.json())
        return HttpResponse.json({ id: 'event-1' })
      }),
    )
    renderApp('/payment-success?orderId=77')
    const support = await screen.findByRole('link', { name: 'ارتباط با پشتیبان' })
    expect(support).toHaveAttribute('href', 'https://support.test/mentor/00000001')
    await waitFor(() => expect(events).toContainEqual(expect.objectContaining({ action: 'purchase', label: '77' })))
    expect(screen.queryByTestId('limoo-plus-instructions')).not.toBeInTheDocument()
  })

  it('shows the order number and the amount paid in Persian digits', async () => {
    const invoice = buildInvoice(undefined, PAID)
    answerInvoice(invoice)
    renderApp('/payment-success?orderId=77')
    expect(await screen.findByTestId('paid-order-id')).toHaveTextContent('شماره سفارش: ۷۷')
    expect(screen.getByTestId('paid-amount')).toHaveTextContent(/^مبلغ پرداخت‌شده: [۰-۹٬]+ تومان$/)
  })

  it('shows no support button where the deployment has no mentor service (an answer without a link)', async () => {
    server.use(http.get('/mentors/link-by-mobile', () => HttpResponse.json({})))
    renderApp('/payment-success?orderId=77')
    await screen.findByTestId('track-order')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('support-button')).not.toBeInTheDocument()
    expect(screen.queryByTestId('login-button')).not.toBeInTheDocument()
  })

  it('hides the support button for PROFILE_NUMBER_NOT_FOUND [PM-63]', async () => {
    mentorAnswers(404, 'PROFILE_NUMBER_NOT_FOUND')
    renderApp('/payment-success?orderId=77')
    await screen.findByTestId('track-order')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('support-button')).not.toBeInTheDocument()
    expect(screen.queryByTestId('login-button')).not.toBeInTheDocument()
  })

  for (const code of ['MOBILE_NUMBER_NOT_FOUND', 'USER_NOT_FOUND']) {
    it(`shows a login button for ${code} [PM-64]`, async () => {
      mentorAnswers(404, code)
      renderApp('/payment-success?orderId=77')
      expect(await screen.findByRole('link', { name: 'ورود به حساب کاربری' })).toBeInTheDocument()
      expect(screen.queryByTestId('support-button')).not.toBeInTheDocument()
    })
  }

  it('shows the LIMOO_PLUS instructions when an item has that variation [PM-65]', async () => {
    answerInvoice(invoiceWith({ variation: 'LIMOO_PLUS' }))
    renderApp('/payment-success?orderId=77')
    expect(await screen.findByTestId('limoo-plus-instructions')).toHaveTextContent('تکمیل سوالات')
    // The button the instructions name exists and opens the diet questions.
    expect(await screen.findByRole('link', { name: 'تکمیل سوالات' })).toHaveAttribute('href', '/form/f1')
  })

  it('names the diet questions as the next step while the package waits for them', async () => {
    answerPackage('ANSWERING_QUESTIONS')
    renderApp('/payment-success?orderId=77')
    expect(await screen.findByTestId('next-step-questions')).toHaveTextContent('قدم بعدی: به سوالات رژیم پاسخ دهید')
    expect(screen.getByRole('link', { name: 'تکمیل سوالات' })).toHaveAttribute('href', '/form/f1')
  })

  it('offers no questions step to a customer whose diet is already being issued', async () => {
    answerPackage('ISSUING')
    renderApp('/payment-success?orderId=77')
    await screen.findByTestId('track-order')
    await waitFor(() => expect(requests).toContain('/app/diets/active'))
    expect(screen.queryByTestId('next-step-questions')).not.toBeInTheDocument()
    expect(screen.queryByTestId('complete-questions')).not.toBeInTheDocument()
  })

  it('shows the partner-discount SMS text of a partner-discount order [PM-66]', async () => {
    const queries: unknown[] = []
    server.use(
      http.post('/lemonade/api/gateway/graphql', async ({ request }) => {
        queries.push(await request.json())
        return HttpResponse.json({ data: { partnerDiscountSmsLogs: [{ message: 'کد تخفیف شما: P-1' }] } })
      }),
    )
    renderApp('/payment-success?orderId=77&isPartnerDiscount=true')
    expect(await screen.findByTestId('partner-sms')).toHaveTextContent('کد تخفیف شما: P-1')
    expect(queries).toEqual([
      { query: expect.stringContaining('partnerDiscountSmsLogs'), variables: { orderId: 77 }, botCheckToken: '' },
    ])
  })

  it('tracks the order at the first item orderTrackingUrl, else the limoo card page or /diets [PM-67]', async () => {
    answerInvoice(invoiceWith({ orderTrackingUrl: 'https://track.test/1' }))
    const first = renderApp('/payment-success?orderId=77')
    expect(await screen.findByTestId('track-order')).toHaveAttribute('href', 'https://track.test/1')
    first.unmount()

    answerInvoice(invoiceWith({}))
    const second = renderApp('/payment-success?orderId=77&goToLimooCard=true')
    expect(await screen.findByTestId('track-order')).toHaveAttribute('href', '/limoocard')
    second.unmount()
    // The query's flag was kept in session storage (RG-39); a purchase without it starts from a clean session.
    window.sessionStorage.removeItem('goToLimooCard')

    renderApp('/payment-success?orderId=77')
    expect(await screen.findByTestId('track-order')).toHaveAttribute('href', '/diets')
  })

  it('opens the limoo card page when the session set goToLimooCard before the gateway trip [PM-67]', async () => {
    answerInvoice(invoiceWith({}))
    window.sessionStorage.setItem('goToLimooCard', 'true')
    try {
      renderApp('/payment-success?orderId=77')
      expect(await screen.findByTestId('track-order')).toHaveAttribute('href', '/limoocard')
    } finally {
      window.sessionStorage.removeItem('goToLimooCard')
    }
  })

  it('shows the failure message with a reload when the invoice fails [ER-29]', async () => {
    let calls = 0
    server.use(
      http.get('/lemonade/api/orders/{id}/invoice', () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json(errorBody('500'), { status: 500 })
          : HttpResponse.json(buildInvoice(undefined, PAID))
      }),
    )
    renderApp('/payment-success', { session: { lemonadeOrderId: '77' } })
    await screen.findByText('متاسفانه مشکلی پیش آمده است، لطفا دوباره تلاش کنید')
    await userEvent.click(screen.getByRole('button', { name: 'بارگذاری مجدد' }))
    expect(await screen.findByTestId('track-order')).toBeInTheDocument()
  })
})

describe('/payment-success without a paid order', () => {
  const successTitle = 'پرداخت شما با موفقیت انجام شد'

  async function expectNeutral(title: string) {
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.queryByText(successTitle)).not.toBeInTheDocument()
    expect(screen.queryByTestId('paid-amount')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'تاریخچه سفارش‌ها' })).toHaveAttribute('href', expect.stringMatching(/^#?\/orders-history$/))
    expect(screen.getByRole('link', { name: 'صفحه اصلی' })).toHaveAttribute('href', expect.stringMatching(/^#?\/$/))
  }

  it('says the payment is not confirmed for an unpaid order, and sends no purchase event', async () => {
    const events: unknown[] = []
    server.use(
      http.post('/lemonade/api/analytics', async ({ request }) => {
        events.push(await request.json())
        return HttpResponse.json({ id: 'event-1' })
      }),
    )
    answerInvoice(buildInvoice(undefined, { id: 77, status: 'CREATED' }))
    renderApp('/payment-success?orderId=77')
    await expectNeutral('پرداخت این سفارش هنوز تایید نشده است')
    expect(events).not.toContainEqual(expect.objectContaining({ action: 'purchase' }))
  })

  it('finds no order without an order id, or for an order that is not the customer’s (404)', async () => {
    const { unmount } = renderApp('/payment-success')
    await expectNeutral('سفارشی برای نمایش پیدا نشد')
    unmount()
    server.use(http.get('/lemonade/api/orders/{id}/invoice', () => HttpResponse.json(errorBody('404'), { status: 404 })))
    renderApp('/payment-success?orderId=999')
    await expectNeutral('سفارشی برای نمایش پیدا نشد')
  })

  it('keeps the success title off while the invoice fails to load [ER-29]', async () => {
    server.use(http.get('/lemonade/api/orders/{id}/invoice', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    renderApp('/payment-success?orderId=77')
    expect(await screen.findByTestId('paid-invoice-error')).toBeInTheDocument()
    expect(screen.queryByText(successTitle)).not.toBeInTheDocument()
  })
})

describe('/payment-fail [PM-68]', () => {
  it('says the payment failed, money returns within 72 hours, and retries at checkout with the order', async () => {
    answerInvoice(buildInvoice(undefined, { id: 88, status: 'CREATED' }))
    renderApp('/payment-fail?orderId=88')
    expect(await screen.findByRole('heading', { name: 'متاسفانه پرداخت شما ناموفق بود' })).toBeInTheDocument()
    expect(screen.getByText(/۷۲ ساعت/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'تلاش مجدد برای پرداخت' }))
    expect(await screen.findByTestId('checkout-page')).toBeInTheDocument()
    expect(sessionStorage.getItem('lemonadeOrderId')).toBe('88')
  })

  it('sends an order that is paid after all to the success page, not the failure', async () => {
    renderApp('/payment-fail?status=NOK&orderId=77')
    expect(await screen.findByRole('heading', { name: 'پرداخت شما با موفقیت انجام شد' })).toBeInTheDocument()
    expect(screen.queryByText('متاسفانه پرداخت شما ناموفق بود')).not.toBeInTheDocument()
  })
})
