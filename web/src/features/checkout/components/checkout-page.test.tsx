import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { buildBasketItem, buildInvoice } from '@/testing/data/checkout'
import { doubleTap } from '@/testing/double-tap'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const PAGE = '/checkout-new'
const ORDER = { lemonadeOrderId: '77' }

const ER_24 =
  'شما قبلا امتیاز خود را برای پرداخت سفارش دیگری استفاده کرده اید. در صورت عدم پرداخت سفارش قبلی تا یک ساعت استفاده از امتیاز مجددا برای شما فعال خواهد شد.'
const diet = () =>
  buildBasketItem({
    id: 1,
    productId: 101,
    title: 'رژیم یک ماهه',
    subtitle: 'برنامه غذایی اختصاصی',
    subtitle2: 'پشتیبانی ۳۰ روزه',
    originalPrice: 300000,
    finalPrice: 199000,
    discountPercent: 33,
  })

function serveInvoice(invoice = buildInvoice([diet()])) {
  const seen: URL[] = []
  server.use(
    http.get('/lemonade/api/orders/{id}/invoice', ({ request }) => {
      seen.push(new URL(request.url))
      return HttpResponse.json(invoice)
    }),
  )
  return seen
}

async function renderLoaded(session: Record<string, string> = ORDER, path = PAGE) {
  const app = renderApp(path, { session })
  await screen.findByTestId('receipt')
  return app
}

function footerButton() {
  return screen.getByTestId('checkout-button')
}

beforeEach(() => {
  signIn()
  window.sessionStorage.setItem('enablePointUsage', 'false')
})

describe('checkout without an order', () => {
  it("shows 'صورتحساب', the no-product message and 'انتخاب محصول' to package selection", async () => {
    renderApp(PAGE)
    expect(await screen.findByRole('heading', { level: 1, name: 'صورتحساب' })).toBeInTheDocument()
    expect(screen.getByTestId('no-product')).toHaveTextContent('محصولی انتخاب نشده است.')
    expect(screen.getByRole('link', { name: 'انتخاب محصول' })).toHaveAttribute('href', '/select-package')
    expect(screen.getByTestId('checkout-invoice')).toHaveAttribute('data-state', 'IDLE')
  })
})

describe('checkout invoice', () => {
  it('keeps a catalogue text in its own direction on a Turkish page ("۴ هفته همراهی" not scrambled): isolated', async () => {
    serveInvoice(buildInvoice([buildBasketItem({ title: 'رژیم یک ماهه', subtitle2: '۴ هفته همراهی' })]))
    renderApp(PAGE, { session: ORDER, language: 'tr' })
    const line = await screen.findByTestId('receipt-line')
    for (const text of ['رژیم یک ماهه', '۴ هفته همراهی']) expect(within(line).getByText(text).tagName).toBe('BDI')
  })

  it('loads the order invoice with a cache-busting timestamp [CT-21]', async () => {
    const seen = serveInvoice()
    await renderLoaded()
    expect(seen).toHaveLength(1)
    expect(seen[0]?.pathname).toBe('/lemonade/api/orders/77/invoice')
    expect(Number(seen[0]?.searchParams.get('_'))).toBeGreaterThan(0)
    expect(screen.getByTestId('checkout-invoice')).toHaveAttribute('data-state', 'SUCCESS')
  })

  it('shows PENDING while the invoice loads, with the payment button disabled [PR-09]', async () => {
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.get('/lemonade/api/orders/{id}/invoice', async () => {
        await answered
        return HttpResponse.json(buildInvoice([diet()]))
      }),
    )
    renderApp(PAGE, { session: ORDER })
    expect(await screen.findByTestId('invoice-loading')).toHaveTextContent('در حال بارگیری اطلاعات...')
    expect(screen.getByTestId('checkout-invoice')).toHaveAttribute('data-state', 'PENDING')
    expect(footerButton()).toBeDisabled()
    expect(footerButton()).toHaveTextContent('انتخاب روش پرداخت')
    release()
    await screen.findByTestId('receipt')
    expect(footerButton()).toBeEnabled()
  })

  it('shows each line with title, subtitles, red percent note and both prices [PR-02, PR-03]', async () => {
    serveInvoice()
    await renderLoaded()
    const line = screen.getByTestId('receipt-line')
    expect(line).toHaveTextContent('رژیم یک ماهه')
    expect(line).toHaveTextContent('برنامه غذایی اختصاصی')
    expect(line).toHaveTextContent('پشتیبانی ۳۰ روزه')
    expect(within(line).getByTestId('discount-note')).toHaveTextContent('۳۳٪ تخفیف')
    expect(within(line).getByTestId('line-original-price')).toHaveTextContent('۳۰۰٬۰۰۰ تومان')
    expect(within(line).getByTestId('line-final-price')).toHaveTextContent('۱۹۹٬۰۰۰ تومان')
  })

  it('shows no percent note when the prices are equal [PR-02]', async () => {
    serveInvoice(buildInvoice([buildBasketItem({ originalPrice: 490000, finalPrice: 490000 })]))
    await renderLoaded()
    expect(screen.queryByTestId('discount-note')).not.toBeInTheDocument()
    expect(screen.queryByTestId('line-original-price')).not.toBeInTheDocument()
  })

  it('hides the original price of a PARTNER_DISCOUNT line [PR-04]', async () => {
    serveInvoice(
      buildInvoice([
        buildBasketItem({ productType: 'PARTNER_DISCOUNT', originalPrice: 300000, finalPrice: 200000, discountPercent: 34 }),
      ]),
    )
    await renderLoaded()
    expect(screen.queryByTestId('line-original-price')).not.toBeInTheDocument()
    expect(screen.getByTestId('line-final-price')).toHaveTextContent('۲۰۰٬۰۰۰ تومان')
  })

  it("shows 'جمع موارد', 'مجموع تخفیف:' and 'مبلغ قابل پرداخت', and no points line without a deduction [PR-05, PR-06]", async () => {
    serveInvoice()
    await renderLoaded()
    expect(screen.getByTestId('items-total')).toHaveTextContent('جمع موارد۳۰۰٬۰۰۰ تومان')
    expect(screen.getByTestId('total-discount')).toHaveTextContent('مجموع تخفیف:۱۰۱٬۰۰۰ تومان')
    expect(screen.getByTestId('payable')).toHaveTextContent('مبلغ قابل پرداخت۱۹۹٬۰۰۰ تومان')
    expect(screen.queryByTestId('points-deduction')).not.toBeInTheDocument()
  })

  it("shows 'استفاده از امتیاز' with a points deduction [PR-06]", async () => {
    serveInvoice(buildInvoice([{ ...diet(), userPointDeduction: 99000 }], { userPointStatus: 'ADDED_TO_ORDER' }))
    await renderLoaded()
    expect(screen.getByTestId('points-deduction')).toHaveTextContent('استفاده از امتیاز۹۹٬۰۰۰ تومان')
    expect(screen.getByTestId('payable')).toHaveTextContent('۱۰۰٬۰۰۰ تومان')
  })

  it('shows the points-already-used message when the invoice answers 409 [ER-27]', async () => {
    server.use(
      http.get('/lemonade/api/orders/{id}/invoice', () => HttpResponse.json(errorBody('409', ER_24), { status: 409 })),
    )
    renderApp(PAGE, { session: ORDER })
    expect(await screen.findByTestId('invoice-error')).toHaveTextContent(ER_24)
    expect(footerButton()).toBeDisabled()
  })

  it('sets FAILED with the ER-28 message on other errors, and retries [ER-28]', async () => {
    let calls = 0
    server.use(
      http.get('/lemonade/api/orders/{id}/invoice', () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json(errorBody('500', 'خطای سرور'), { status: 500 })
          : HttpResponse.json(buildInvoice([diet()]))
      }),
    )
    renderApp(PAGE, { session: ORDER })
    expect(await screen.findByTestId('invoice-error')).toHaveTextContent('متاسفانه مشکلی پیش آمده لطفا مجددا تلاش کنید.')
    expect(screen.getByTestId('checkout-invoice')).toHaveAttribute('data-state', 'FAILED')
    await userEvent.click(screen.getByRole('button', { name: 'تلاش مجدد' }))
    await screen.findByTestId('receipt')
  })
})

describe('checkout footer', () => {
  it("opens the payment-method popup from 'انتخاب روش پرداخت' when the payable total is above 0 [PR-07]", async () => {
    serveInvoice()
    await renderLoaded()
    expect(footerButton()).toHaveTextContent('انتخاب روش پرداخت')
    expect(screen.getByTestId('footer-payable')).toHaveTextContent('۱۹۹٬۰۰۰ تومان')
    await userEvent.click(footerButton())
    expect(await screen.findByRole('dialog', { name: 'انتخاب روش پرداخت' })).toBeInTheDocument()
  })

  it("finalizes a zero total with 'تایید نهایی پرداخت' and goes to the result page [PR-08, PR-10, PR-11]", async () => {
    serveInvoice(buildInvoice([{ ...diet(), userPointDeduction: 199000 }], { userPointStatus: 'ADDED_TO_ORDER' }))
    const bodies: unknown[] = []
    server.use(
      http.post('/lemonade/api/orders/finalize-order', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ id: 77 })
      }),
    )
    window.localStorage.setItem('userPointId', '31')
    const { router } = await renderLoaded({ ...ORDER, lemonadeUsedDiscountId: '9' })
    expect(footerButton()).toHaveTextContent('تایید نهایی پرداخت')
    await userEvent.click(footerButton())
    // /payment-result?status=OK&orderId=77 dispatches to the success page (DECISIONS).
    await waitFor(() => expect(currentLocation(router)).toBe('/payment-success?orderId=77'))
    expect(bodies).toEqual([{ orderId: 77, botCheckToken: '' }])
    expect(window.localStorage.getItem('userPointId')).toBeNull()
    expect(window.sessionStorage.getItem('lemonadeUsedDiscountId')).toBeNull()
  })

  it('finalizes once for a double tap', async () => {
    serveInvoice(buildInvoice([{ ...diet(), userPointDeduction: 199000 }], { userPointStatus: 'ADDED_TO_ORDER' }))
    let finalized = 0
    server.use(
      http.post('/lemonade/api/orders/finalize-order', () => {
        finalized += 1
        return HttpResponse.json({ id: 77 })
      }),
    )
    const { router } = await renderLoaded()
    doubleTap(footerButton())
    await waitFor(() => expect(currentLocation(router)).toBe('/payment-success?orderId=77'))
    expect(finalized).toBe(1)
  })

  it('shows the points error when finalize answers 400 [ER-25, ER-36]', async () => {
    serveInvoice(buildInvoice([{ ...diet(), userPointDeduction: 199000 }]))
    server.use(
      http.post('/lemonade/api/orders/finalize-order', () => HttpResponse.json(errorBody('400'), { status: 400 })),
    )
    await renderLoaded()
    await userEvent.click(footerButton())
    expect(await screen.findByTestId('finalize-points-error')).toHaveTextContent(
      'خطایی پیش آمده است. لطفا پس از سی دقیقه مجدد تلاش کنید.',
    )
  })

  it('goes to /diets when finalize answers 409 [ER-26]', async () => {
    serveInvoice(buildInvoice([{ ...diet(), userPointDeduction: 199000 }]))
    server.use(
      http.post('/lemonade/api/orders/finalize-order', () => HttpResponse.json(errorBody('409', ER_24), { status: 409 })),
    )
    const { router } = await renderLoaded()
    await userEvent.click(footerButton())
    await waitFor(() => expect(currentLocation(router)).toBe('/diets'))
  })

  it("shows the checkout error section with 'تلاش مجدد' on other finalize errors [ER-20]", async () => {
    serveInvoice(buildInvoice([{ ...diet(), userPointDeduction: 199000 }]))
    server.use(
      http.post('/lemonade/api/orders/finalize-order', () => HttpResponse.json(errorBody('500'), { status: 500 })),
    )
    await renderLoaded()
    await userEvent.click(footerButton())
    const section = await screen.findByTestId('checkout-error')
    expect(section).toHaveTextContent('خطا رخ داده است!')
    expect(section).toHaveTextContent('لطفا بعد از چند دقیقه دوباره تلاش کنید.')
    await userEvent.click(within(section).getByRole('button', { name: 'تلاش مجدد' }))
    expect(screen.queryByTestId('checkout-error')).not.toBeInTheDocument()
    expect(footerButton()).toBeEnabled()
  })
})

describe('checkout support chat', () => {
  it('opens the customer-support chat from the checkout (goftino=isOpen)', async () => {
    serveInvoice()
    const { router } = await renderLoaded()
    await userEvent.click(screen.getByRole('button', { name: 'پشتیبانی' }))
    expect(await screen.findByRole('dialog', { name: 'ارتباط با پشتیبانی' })).toBeInTheDocument()
    expect(currentLocation(router)).toBe('/checkout-new?goftino=isOpen')
  })
})

describe('a paid order', () => {
  it('says it is paid and offers its result instead of a second payment', async () => {
    serveInvoice(buildInvoice([diet()], { status: 'PAYMENT_SUCCESS' }))
    window.sessionStorage.setItem('enablePointUsage', 'true')
    const { router } = await renderLoaded({ ...ORDER, showPromotionField: 'true' })
    expect(screen.getByTestId('order-paid-note')).toHaveTextContent('این سفارش پرداخت شده است.')
    expect(screen.queryByTestId('promotion-form')).not.toBeInTheDocument()
    expect(screen.queryByTestId('points-section')).not.toBeInTheDocument()
    expect(footerButton()).toHaveTextContent('مشاهده سفارش')
    await userEvent.click(footerButton())
    await waitFor(() => expect(currentLocation(router)).toBe('/payment-success?orderId=77'))
  })
})
