import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { buildBasketItem, buildInvoice, buildTotalPoints } from '@/testing/data/checkout'
import { doubleTap } from '@/testing/double-tap'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const PAGE = '/checkout-new'
const SESSION = { lemonadeOrderId: '77' }
const ER_34 = 'امتیاز شما برای این سفارش رزرو شده است. لطفا سی دقیقه دیگر دوباره تلاش کنید.'
const ER_35 = 'امتیاز شما برای سفارش دیگری رزرو شده است. لطفا سی دقیقه دیگر دوباره تلاش کنید.'
const PAYMENT_OPEN =
  'پرداخت آنلاین این سفارش هنوز باز است و تا پایان آن، کد تخفیف و امتیاز سفارش تغییر نمی‌کند. اگر صفحه پرداخت را بسته‌اید، دوباره دکمه پرداخت را بزنید و پرداخت را در درگاه لغو کنید، یا حدود سی دقیقه دیگر دوباره تلاش کنید.'
const ER_37 = 'متاسفانه امکان تخفیف بیشتر برایمان مقدور نیست و حداکثر میزان تخفیف در این محصول برای شما لحاظ شده است.'

const item = buildBasketItem({ id: 1, productId: 101, originalPrice: 490000, finalPrice: 490000 })
const withoutPoints = buildInvoice([item])
const withPoints = buildInvoice([{ ...item, userPointDeduction: 250000 }], { userPointStatus: 'ADDED_TO_ORDER' })

function serve({ invoice = withoutPoints, points = buildTotalPoints() } = {}) {
  const pointRequests: Request[] = []
  server.use(
    http.get('/lemonade/api/orders/{id}/invoice', () => HttpResponse.json(invoice)),
    http.get('/lemonade/api/userPoints/totalPoints', ({ request }) => {
      pointRequests.push(request)
      return HttpResponse.json(points)
    }),
  )
  return pointRequests
}

async function renderSwitch(session: Record<string, string> = SESSION) {
  renderApp(PAGE, { session })
  await screen.findByTestId('receipt')
  const pointsSwitch = await screen.findByRole('switch', { name: 'استفاده از امتیاز' })
  await screen.findByTestId('points-balance')
  return pointsSwitch
}

beforeEach(() => {
  signIn()
})

describe('points switch offer', () => {
  it("offers no points when session enablePointUsage is 'false' [PR-14]", async () => {
    serve()
    renderApp(PAGE, { session: { ...SESSION, enablePointUsage: 'false' } })
    await screen.findByTestId('receipt')
    expect(screen.queryByTestId('points-section')).not.toBeInTheDocument()
  })

  it('asks for the balance with a timestamp parameter and a no-cache header [PR-25]', async () => {
    const requests = serve()
    await renderSwitch()
    const [request] = requests
    expect(Number(new URL(request?.url ?? '').searchParams.get('_'))).toBeGreaterThan(0)
    expect(request?.headers.get('Cache-Control')).toBe('no-cache')
    expect(screen.getByTestId('points-balance')).toHaveTextContent('۲۵۰ امتیاز معادل ۲۵۰٬۰۰۰ تومان')
  })

  it('is off and enabled with points on an item without a minimum [PR-16]', async () => {
    serve()
    const pointsSwitch = await renderSwitch()
    expect(pointsSwitch).toHaveAttribute('aria-checked', 'false')
    expect(pointsSwitch).toBeEnabled()
  })

  it('is off, disabled and shows the max-usage message when no item allows points [PR-15, PR-16, ER-37]', async () => {
    serve({ invoice: buildInvoice([{ ...item, finalPrice: 80000, meta: { minAllowedPriceAfterPoints: 100000 } }]) })
    const pointsSwitch = await renderSwitch()
    expect(pointsSwitch).toHaveAttribute('aria-checked', 'false')
    expect(pointsSwitch).toBeDisabled()
    expect(screen.getByTestId('points-message')).toHaveTextContent(ER_37)
  })

  it('is disabled when the unused points are worth nothing [PR-17]', async () => {
    serve({ points: buildTotalPoints(0) })
    const pointsSwitch = await renderSwitch()
    expect(pointsSwitch).toBeDisabled()
    expect(screen.queryByTestId('points-message')).not.toBeInTheDocument()
  })

  it('says why the balance is lower when another unpaid order holds points, and not for its own hold', async () => {
    const heldElsewhere = { ...buildTotalPoints(150), reservedPoints: { count: 100, monetaryValue: 100_000 } }
    serve({ points: heldElsewhere })
    await renderSwitch()
    expect(screen.getByTestId('points-held-elsewhere')).toHaveTextContent('۱۰۰ امتیاز روی سفارش پرداخت‌نشده دیگری')
  })

  it('says nothing of held points when the hold is this order’s', async () => {
    serve({ invoice: withPoints, points: { ...buildTotalPoints(0), reservedPoints: { count: 250, monetaryValue: 250_000 } } })
    await renderSwitch()
    expect(screen.queryByTestId('points-held-elsewhere')).not.toBeInTheDocument()
  })

  it('is on and disabled while the points are RESERVED [PR-20]', async () => {
    serve({ invoice: { ...withPoints, userPointStatus: 'RESERVED' }, points: buildTotalPoints(0) })
    const pointsSwitch = await renderSwitch()
    expect(pointsSwitch).toHaveAttribute('aria-checked', 'true')
    expect(pointsSwitch).toBeDisabled()
  })
})

describe('points switch changes', () => {
  it('turns on: sets the points, replaces the invoice and keeps the userPointId [PR-18, PR-21, PR-24]', async () => {
    serve()
    const bodies: unknown[] = []
    server.use(
      http.post('/lemonade/api/userPoints/set', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({
          userPoint: { id: 31, orderId: 77, status: 'ADDED_TO_ORDER', count: 250, monetaryValue: 250000 },
          invoice: withPoints,
        })
      }),
    )
    const pointsSwitch = await renderSwitch()
    await userEvent.click(pointsSwitch)
    await waitFor(() => expect(pointsSwitch).toHaveAttribute('aria-checked', 'true'))
    expect(bodies).toEqual([{ orderId: 77, botCheckToken: '' }])
    expect(pointsSwitch).toHaveAttribute('data-status', 'ADDED_TO_ORDER')
    expect(screen.getByTestId('points-deduction')).toHaveTextContent('۲۵۰٬۰۰۰ تومان')
    expect(screen.getByTestId('payable')).toHaveTextContent('۲۴۰٬۰۰۰ تومان')
    expect(window.localStorage.getItem('userPointId')).toBe('31')
  })

  it('sets the points once for a double tap', async () => {
    serve()
    let sets = 0
    server.use(
      http.post('/lemonade/api/userPoints/set', () => {
        sets += 1
        return HttpResponse.json({
          userPoint: { id: 31, orderId: 77, status: 'ADDED_TO_ORDER', count: 250, monetaryValue: 250000 },
          invoice: withPoints,
        })
      }),
    )
    const pointsSwitch = await renderSwitch()
    doubleTap(pointsSwitch)
    await waitFor(() => expect(pointsSwitch).toHaveAttribute('aria-checked', 'true'))
    expect(sets).toBe(1)
  })

  it('turns off: cancels the points and restores the invoice [PR-19, PR-22]', async () => {
    serve({ invoice: withPoints, points: buildTotalPoints(0) })
    window.localStorage.setItem('userPointId', '31')
    const bodies: unknown[] = []
    server.use(
      http.post('/lemonade/api/userPoints/unset', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({
          userPoint: { id: 31, orderId: 77, status: 'CANCELED', count: 250, monetaryValue: 250000 },
          invoice: withoutPoints,
        })
      }),
    )
    const pointsSwitch = await renderSwitch()
    expect(pointsSwitch).toBeEnabled()
    await userEvent.click(pointsSwitch)
    await waitFor(() => expect(pointsSwitch).toHaveAttribute('aria-checked', 'false'))
    expect(bodies).toEqual([{ orderId: 77, botCheckToken: '' }])
    expect(screen.queryByTestId('points-deduction')).not.toBeInTheDocument()
    expect(screen.getByTestId('payable')).toHaveTextContent('۴۹۰٬۰۰۰ تومان')
    expect(window.localStorage.getItem('userPointId')).toBeNull()
  })

  it('leaves the invoice and switch unchanged and shows ER-35 when setting answers 400 [PR-23, ER-35]', async () => {
    serve()
    server.use(http.post('/lemonade/api/userPoints/set', () => HttpResponse.json(errorBody('400', ER_35), { status: 400 })))
    const pointsSwitch = await renderSwitch()
    await userEvent.click(pointsSwitch)
    expect(await screen.findByTestId('points-message')).toHaveTextContent(ER_35)
    expect(pointsSwitch).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByTestId('payable')).toHaveTextContent('۴۹۰٬۰۰۰ تومان')
    expect(window.localStorage.getItem('userPointId')).toBeNull()
  })

  it('leaves the switch off and shows what to do when a payment of the order is under way (409)', async () => {
    serve()
    server.use(
      http.post('/lemonade/api/userPoints/set', () => HttpResponse.json(errorBody('409', PAYMENT_OPEN), { status: 409 })),
    )
    const pointsSwitch = await renderSwitch()
    await userEvent.click(pointsSwitch)
    expect(await screen.findByTestId('points-message')).toHaveTextContent(PAYMENT_OPEN)
    expect(pointsSwitch).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByTestId('payable')).toHaveTextContent('۴۹۰٬۰۰۰ تومان')
  })

  it('keeps the points on and shows ER-34 when cancelling answers 400 [PR-23, ER-34]', async () => {
    serve({ invoice: withPoints })
    server.use(http.post('/lemonade/api/userPoints/unset', () => HttpResponse.json(errorBody('400', ER_34), { status: 400 })))
    const pointsSwitch = await renderSwitch()
    await userEvent.click(pointsSwitch)
    expect(await screen.findByTestId('points-message')).toHaveTextContent(ER_34)
    expect(pointsSwitch).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByTestId('payable')).toHaveTextContent('۲۴۰٬۰۰۰ تومان')
  })
})
