import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '@/lib/api'
import { signIn } from '@/testing/auth'
import { doubleTap } from '@/testing/double-tap'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const paidOrder = {
  id: 77,
  createdAt: Date.UTC(2026, 10, 20),
  totalDiscount: 100000,
  totalFinalPrice: 390000,
  userPointDeduction: 0,
  totalPrice: 390000,
  basketItems: [
    {
      id: 1,
      orderId: 77,
      productId: 101,
      title: 'رژیم یک ماهه',
      originalPrice: 490000,
      finalPrice: 390000,
      price: 390000,
      currency: 'تومان',
      productType: 'DIET' as const,
      meta: {},
      userPointDeduction: 0,
    },
  ],
  orderStatuses: [{ status: 'PAYMENT_SUCCESS' as const, createdAt: Date.UTC(2026, 10, 20) }],
  refunds: [] as components['schemas']['OrderRefundDto'][],
}

function historyWithRefund(status: components['schemas']['RefundState']) {
  const refund = { paymentId: 5, amount: 1032000, status, updatedAt: Date.UTC(2026, 10, 21) }
  server.use(http.get('/lemonade/api/orders', () => HttpResponse.json([{ ...paidOrder, refunds: [refund] }])))
}

const reservedPackage = {
  id: 88,
  createdAt: Date.UTC(2026, 10, 21),
  meta: { title: 'رژیم سه ماهه', withMentor: false },
  dietCount: 3,
  diets: [{ id: 901, status: 'RESERVED' as const }],
}

function reserveListAnswers() {
  server.use(http.get('/lemonade/api/diet-packages', () => HttpResponse.json([reservedPackage])))
}

function activationAnswers(answer: () => Response) {
  server.use(http.post('/lemonade/api/{integration}/enable-reserve-diet/{dietId}', answer))
}

beforeEach(() => signIn())

describe('/orders-history [PM-69, ER-50]', () => {
  it('asks for PAYMENT_SUCCESS orders and lists them with Persian digits', async () => {
    const asked: (string | null)[] = []
    server.use(
      http.get('/lemonade/api/orders', ({ query }) => {
        asked.push(query.get('status'))
        return HttpResponse.json([paidOrder])
      }),
    )
    renderApp('/orders-history')
    expect(await screen.findByTestId('order-title')).toHaveTextContent('رژیم یک ماهه')
    expect(asked).toEqual(['PAYMENT_SUCCESS'])
    const row = screen.getByTestId('order-row')
    expect(row).toHaveTextContent('شماره سفارش: ۷۷')
    expect(row).toHaveTextContent(/مبلغ پرداخت‌شده: ۳۹۰٬۰۰۰ تومان/)
  })

  it('shows the amount paid after the code and the points, not the price before the points [PR-06]', async () => {
    // LIMOO20 on the three-month diet plus the mentor, then 250 points: the gateway took 1,032,000, and the line says so.
    const withPoints = { ...paidOrder, totalFinalPrice: 1282000, userPointDeduction: 250000, totalPrice: 1032000 }
    server.use(http.get('/lemonade/api/orders', () => HttpResponse.json([withPoints])))
    renderApp('/orders-history')
    expect(await screen.findByTestId('order-paid')).toHaveTextContent(/مبلغ پرداخت‌شده: ۱٬۰۳۲٬۰۰۰ تومان/)
    expect(screen.getByTestId('order-row')).toHaveTextContent(/استفاده از امتیاز: ۲۵۰٬۰۰۰ تومان/)
    expect(screen.getByTestId('order-row')).not.toHaveTextContent('۱٬۲۸۲٬۰۰۰')
  })

  it('lists no refund under an order that has none', async () => {
    server.use(http.get('/lemonade/api/orders', () => HttpResponse.json([paidOrder])))
    renderApp('/orders-history')
    expect(await screen.findByTestId('order-row')).toBeInTheDocument()
    expect(screen.queryByTestId('order-refund')).not.toBeInTheDocument()
  })

  it('says a duplicate payment the gateway reversed went back to the card', async () => {
    historyWithRefund('REVERSED')
    renderApp('/orders-history')
    expect(await screen.findByTestId('order-refund')).toHaveTextContent(
      'مبلغ ۱٬۰۳۲٬۰۰۰ تومان از پرداخت تکراری به کارت شما برگشت داده شد',
    )
  })

  it('says a duplicate payment finance settled was paid back by finance', async () => {
    historyWithRefund('REFUNDED')
    renderApp('/orders-history')
    expect(await screen.findByTestId('order-refund')).toHaveTextContent(
      'مبلغ ۱٬۰۳۲٬۰۰۰ تومان از پرداخت تکراری توسط واحد مالی بازپرداخت شد',
    )
  })

  it('says a duplicate payment due a refund is queued and back within three working days', async () => {
    historyWithRefund('REFUND_DUE')
    renderApp('/orders-history')
    expect(await screen.findByTestId('order-refund')).toHaveTextContent(
      'مبلغ ۱٬۰۳۲٬۰۰۰ تومان از پرداخت تکراری در صف بازپرداخت است و ظرف سه روز کاری برمی‌گردد',
    )
  })

  it('lists every refund of an order, one line each', async () => {
    server.use(
      http.get('/lemonade/api/orders', () =>
        HttpResponse.json([
          {
            ...paidOrder,
            refunds: [
              { paymentId: 9, amount: 390000, status: 'REFUND_DUE', updatedAt: Date.UTC(2026, 10, 22) },
              { paymentId: 7, amount: 490000, status: 'REVERSED', updatedAt: Date.UTC(2026, 10, 20) },
            ],
          },
        ]),
      ),
    )
    renderApp('/orders-history')
    await screen.findByTestId('order-row')
    expect(screen.getAllByTestId('order-refund').map((line) => line.dataset.status)).toEqual(['REFUND_DUE', 'REVERSED'])
  })

  it('shows the empty list when the orders fail to load', async () => {
    server.use(http.get('/lemonade/api/orders', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    renderApp('/orders-history')
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent('سفارشی ثبت نشده است')
    expect(screen.queryByTestId('order-row')).not.toBeInTheDocument()
  })
})

describe('/reserve [PM-70…PM-74, ER-50]', () => {
  afterEach(() => vi.useRealTimers())

  it('asks for RESERVED diets and activates one with enable-reserve-diet', async () => {
    reserveListAnswers()
    const activated: string[] = []
    server.use(
      http.post('/lemonade/api/{integration}/enable-reserve-diet/{dietId}', ({ request }) => {
        activated.push(new URL(request.url).pathname)
        return HttpResponse.json({ sentStatus: true })
      }),
    )
    renderApp('/reserve')
    expect(await screen.findByText('رژیم سه ماهه')).toBeInTheDocument()
    expect(screen.getByTestId('reserve-row')).toHaveTextContent('تعداد رژیم: ۳')
    await userEvent.click(screen.getByRole('button', { name: 'فعال‌سازی رژیم' }))
    expect(await screen.findByTestId('reserve-message')).toHaveTextContent('رژیم رزرو شده برای شما فعال شد.')
    expect(activated).toEqual(['/lemonade/api/limoo-integrations/enable-reserve-diet/901'])
  })

  it('activates once for a double tap', async () => {
    reserveListAnswers()
    let activations = 0
    activationAnswers(() => {
      activations += 1
      return HttpResponse.json({ sentStatus: true }) as unknown as Response
    })
    renderApp('/reserve')
    doubleTap(await screen.findByRole('button', { name: 'فعال‌سازی رژیم' }))
    expect(await screen.findByTestId('reserve-message')).toHaveTextContent('رژیم رزرو شده برای شما فعال شد.')
    expect(activations).toBe(1)
  })

  it('says another diet is running when the answer has no sentStatus', async () => {
    reserveListAnswers()
    activationAnswers(() => HttpResponse.json({}))
    renderApp('/reserve')
    await userEvent.click(await screen.findByRole('button', { name: 'فعال‌سازی رژیم' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'در حال حاضر رژیم فعال دارید و امکان فعال‌سازی رزرو وجود ندارد.',
    )
  })

  it('says the activation failed on an error answer', async () => {
    reserveListAnswers()
    activationAnswers(() => HttpResponse.json(errorBody('500'), { status: 500 }))
    renderApp('/reserve')
    await userEvent.click(await screen.findByRole('button', { name: 'فعال‌سازی رژیم' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'فعال‌سازی رژیم رزرو با خطا مواجه شد، لطفا دوباره تلاش کنید.',
    )
  })

  it('clears the message after 10 s', async () => {
    reserveListAnswers()
    activationAnswers(() => HttpResponse.json({}))
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderApp('/reserve')
    await user.click(await screen.findByRole('button', { name: 'فعال‌سازی رژیم' }))
    expect(await screen.findByTestId('reserve-message')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(9_500))
    expect(screen.getByTestId('reserve-message')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(600))
    await waitFor(() => expect(screen.queryByTestId('reserve-message')).not.toBeInTheDocument())
  })

  it('shows the empty list when the reserve list fails to load', async () => {
    server.use(http.get('/lemonade/api/diet-packages', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    renderApp('/reserve')
    expect(await screen.findByText('سفارشی ثبت نشده است')).toBeInTheDocument()
  })
})
