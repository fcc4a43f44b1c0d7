import { HttpResponse } from 'msw'
import { buildInvoice, buildTotalPoints } from './data/checkout'
import { http } from './http'

/** Default answers of the checkout and payment calls; a test overrides them with `server.use(...)`. */
export const checkoutHandlers = [
  http.get('/lemonade/api/orders/{id}/invoice', ({ params }) =>
    HttpResponse.json(buildInvoice(undefined, { id: Number(params.id) })),
  ),
  http.get('/lemonade/api/userPoints/totalPoints', () => HttpResponse.json(buildTotalPoints())),
  http.get('/app/auth/currentUser', () =>
    HttpResponse.json({ status: 'success', msg: { firstName: 'unknown', lastName: 'unknown', mobile: '09121234567' } }),
  ),
  http.patch('/lemonade/api/orders/user/{id}', async ({ params, request }) => {
    const { meta } = await request.json()
    return HttpResponse.json({ id: Number(params.id), meta })
  }),
  http.post('/lemonade/api/payments/snapp-pay/eligibility', () =>
    HttpResponse.json({ response: { eligible: true, title: 'اسنپ‌پی', description: 'پرداخت در ۴ قسط' } }),
  ),
  // The simulator's price for every Gumroad product.
  http.post('/lemonade/api/payments/gumroad/price', () =>
    HttpResponse.json({ priceCents: 1000, currency: 'USD', formattedPrice: '$10' }),
  ),
  // The order was made an hour ago; the destination is the demo one run.sh configures.
  http.get('/lemonade/api/payments/transfer-instructions', ({ request }) =>
    HttpResponse.json({
      orderId: Number(new URL(request.url).searchParams.get('orderId')),
      createdAt: Date.now() - 3_600_000,
      amount: 1_032_000,
      card: { number: '6037997599990001', holder: 'لیمو سلامت', bank: 'بانک ملی' },
      paypalAccount: 'paypal@limoo.example',
      // At run.sh's 100,000 toman per dollar.
      paypalAmountUsdCents: 1_032,
    }),
  ),
  http.get('/mentors/link-by-mobile', () => HttpResponse.json({ mentorLink: 'https://support.test/mentor/00000001' })),
  http.post('/lemonade/api/gateway/graphql', () => HttpResponse.json({ data: { partnerDiscountSmsLogs: [] } })),
]
