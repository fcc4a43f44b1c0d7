import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { buildBasketItem, buildInvoice } from '@/testing/data/checkout'
import { doubleTap } from '@/testing/double-tap'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const PAGE = '/checkout-new'
const SESSION = { lemonadeOrderId: '77', showPromotionField: 'true', enablePointUsage: 'false' }
const NOT_FOR_BASKET = 'کد وارد شده برای این محصول قابل استفاده نیست، می توانید محصول دیگری انتخاب کنید.'
const PAYMENT_OPEN =
  'پرداخت آنلاین این سفارش هنوز باز است و تا پایان آن، کد تخفیف و امتیاز سفارش تغییر نمی‌کند. اگر صفحه پرداخت را بسته‌اید، دوباره دکمه پرداخت را بزنید و پرداخت را در درگاه لغو کنید، یا حدود سی دقیقه دیگر دوباره تلاش کنید.'

const item = buildBasketItem({ id: 1, productId: 101, originalPrice: 500000, finalPrice: 500000 })
const plain = buildInvoice([item])
const discounted = buildInvoice([{ ...item, finalPrice: 400000, discountPercent: 20 }], {
  usedDiscount: { id: 9, code: 'LIMOO20' },
})

function serveInvoice(invoice = plain) {
  server.use(http.get('/lemonade/api/orders/{id}/invoice', () => HttpResponse.json(invoice)))
}

async function renderForm(session: Record<string, string> = SESSION, path = PAGE) {
  renderApp(path, { session })
  await screen.findByTestId('receipt')
}

const input = () => screen.getByRole('textbox', { name: 'کد تخفیف' })

beforeEach(() => {
  signIn()
  serveInvoice()
})

describe('promotion form visibility', () => {
  it('is hidden without the session showPromotionField flag [PR-27]', async () => {
    await renderForm({ lemonadeOrderId: '77', enablePointUsage: 'false' })
    expect(screen.queryByTestId('promotion-form')).not.toBeInTheDocument()
  })

  it('is shown with the session flag [PR-27]', async () => {
    await renderForm()
    expect(screen.getByTestId('promotion-form')).toHaveAttribute('data-mode', 'SET')
  })

  it('is hidden by the query showPromotionField=false [RG-26]', async () => {
    await renderForm(SESSION, `${PAGE}?showPromotionField=false`)
    expect(screen.queryByTestId('promotion-form')).not.toBeInTheDocument()
  })
})

describe('promotion code entry', () => {
  it('converts Persian and Arabic-Indic digits as typed [PR-28]', async () => {
    await renderForm()
    await userEvent.type(input(), 'YALDA۵۰٠٠٠')
    expect(input()).toHaveValue('YALDA50000')
  })

  it("keeps 'ثبت کد' disabled while the field is empty [PR-29]", async () => {
    await renderForm()
    const button = screen.getByRole('button', { name: 'ثبت کد' })
    expect(button).toBeDisabled()
    await userEvent.type(input(), 'L')
    await waitFor(() => expect(button).toBeEnabled())
    await userEvent.clear(input())
    await waitFor(() => expect(button).toBeDisabled())
  })

  it('applies a code: session id, new invoice, REMOVE mode and the success message [PR-31, PR-32, ER-32]', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('/lemonade/api/usedDiscounts', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({
          usedDiscountId: 9,
          discount: { code: 'LIMOO20', meta: { '101': { percent: 20 } } },
          invoice: discounted,
        })
      }),
    )
    await renderForm()
    await userEvent.type(input(), 'LIMOO20')
    await userEvent.click(screen.getByRole('button', { name: 'ثبت کد' }))
    expect(await screen.findByTestId('promotion-message')).toHaveTextContent('کد تخفیف شما با موفقیت ثبت شد.')
    expect(bodies).toEqual([{ code: 'LIMOO20', orderId: 77, botCheckToken: '' }])
    expect(window.sessionStorage.getItem('lemonadeUsedDiscountId')).toBe('9')
    expect(screen.getByTestId('promotion-form')).toHaveAttribute('data-mode', 'REMOVE')
    expect(input()).toHaveAttribute('readonly')
    expect(input()).toHaveValue('LIMOO20')
    expect(screen.getByRole('button', { name: 'حذف کد' })).toBeEnabled()
    expect(screen.getByTestId('payable')).toHaveTextContent('۴۰۰٬۰۰۰ تومان')
  })

  it('applies a code once for a double tap', async () => {
    let applied = 0
    server.use(
      http.post('/lemonade/api/usedDiscounts', () => {
        applied += 1
        return HttpResponse.json({
          usedDiscountId: 9,
          discount: { code: 'LIMOO20', meta: { '101': { percent: 20 } } },
          invoice: discounted,
        })
      }),
    )
    await renderForm()
    await userEvent.type(input(), 'LIMOO20')
    const button = screen.getByRole('button', { name: 'ثبت کد' })
    await waitFor(() => expect(button).toBeEnabled())
    doubleTap(button)
    expect(await screen.findByTestId('promotion-message')).toHaveTextContent('کد تخفیف شما با موفقیت ثبت شد.')
    expect(applied).toBe(1)
  })

  it('refuses a code whose discount names no basket product and gives its use back [PR-30]', async () => {
    const cancelled: string[] = []
    server.use(
      http.post('/lemonade/api/usedDiscounts', () =>
        HttpResponse.json({
          usedDiscountId: 12,
          discount: { code: 'OTHER', meta: { '999': { percent: 20 } } },
          invoice: discounted,
        }),
      ),
      http.patch('/lemonade/api/usedDiscounts/{id}', ({ params }) => {
        cancelled.push(String(params.id))
        return HttpResponse.json({ invoice: plain })
      }),
    )
    await renderForm()
    await userEvent.type(input(), 'OTHER')
    await userEvent.click(screen.getByRole('button', { name: 'ثبت کد' }))
    expect(await screen.findByTestId('promotion-message')).toHaveTextContent(NOT_FOR_BASKET)
    expect(cancelled).toEqual(['12'])
    expect(window.sessionStorage.getItem('lemonadeUsedDiscountId')).toBeNull()
    expect(screen.getByTestId('promotion-form')).toHaveAttribute('data-mode', 'SET')
    expect(screen.getByTestId('payable')).toHaveTextContent('۵۰۰٬۰۰۰ تومان')
  })

  it("explains an unknown code ('code not found') [ER-30]", async () => {
    server.use(
      http.post('/lemonade/api/usedDiscounts', () => HttpResponse.json(errorBody('404', 'code not found'), { status: 404 })),
    )
    await renderForm()
    await userEvent.type(input(), 'NOPE')
    await userEvent.click(screen.getByRole('button', { name: 'ثبت کد' }))
    expect(await screen.findByTestId('promotion-message')).toHaveTextContent('کد تخفیف وارد شده معتبر نمی باشد!')
    expect(screen.getByTestId('promotion-form')).toHaveAttribute('data-mode', 'SET')
  })

  it('shows what to do when a payment of the order is under way (409)', async () => {
    server.use(
      http.post('/lemonade/api/usedDiscounts', () => HttpResponse.json(errorBody('409', PAYMENT_OPEN), { status: 409 })),
    )
    await renderForm()
    await userEvent.type(input(), 'LIMOO20')
    await userEvent.click(screen.getByRole('button', { name: 'ثبت کد' }))
    expect(await screen.findByTestId('promotion-message')).toHaveTextContent(PAYMENT_OPEN)
    expect(screen.getByTestId('promotion-form')).toHaveAttribute('data-mode', 'SET')
  })

  it('shows the registration error for other failures [ER-31]', async () => {
    server.use(http.post('/lemonade/api/usedDiscounts', () => HttpResponse.json(errorBody('500', 'x'), { status: 500 })))
    await renderForm()
    await userEvent.type(input(), 'EXPIRED10')
    await userEvent.click(screen.getByRole('button', { name: 'ثبت کد' }))
    expect(await screen.findByTestId('promotion-message')).toHaveTextContent('خطا در ثبت کد تخفیف!')
  })
})

describe('promotion code removal', () => {
  it("removes the code with PATCH status CANCELED by the session id and returns to SET mode [PR-31, PR-32, PR-33, ER-33]", async () => {
    serveInvoice(discounted)
    const calls: { id: string; body: unknown }[] = []
    server.use(
      http.patch('/lemonade/api/usedDiscounts/{id}', async ({ params, request }) => {
        calls.push({ id: String(params.id), body: await request.json() })
        return HttpResponse.json({ invoice: plain })
      }),
    )
    await renderForm({ ...SESSION, lemonadeUsedDiscountId: '9' })
    expect(screen.getByTestId('promotion-form')).toHaveAttribute('data-mode', 'REMOVE')
    await userEvent.click(screen.getByRole('button', { name: 'حذف کد' }))
    expect(await screen.findByTestId('promotion-message')).toHaveTextContent('کد تخفیف شما با موفقیت حذف شد.')
    expect(calls).toEqual([{ id: '9', body: { status: 'CANCELED' } }])
    expect(window.sessionStorage.getItem('lemonadeUsedDiscountId')).toBeNull()
    expect(screen.getByTestId('promotion-form')).toHaveAttribute('data-mode', 'SET')
    expect(input()).not.toHaveAttribute('readonly')
    expect(input()).toHaveValue('')
    expect(screen.getByRole('button', { name: 'ثبت کد' })).toBeDisabled()
    expect(screen.getByTestId('payable')).toHaveTextContent('۵۰۰٬۰۰۰ تومان')
  })

  it('removes the code the invoice shows when another tab replaced the one this session stored', async () => {
    serveInvoice(discounted)
    const calls: string[] = []
    server.use(
      http.patch('/lemonade/api/usedDiscounts/{id}', ({ params }) => {
        calls.push(String(params.id))
        return HttpResponse.json({ invoice: plain })
      }),
    )
    await renderForm({ ...SESSION, lemonadeUsedDiscountId: '5' })
    await userEvent.click(screen.getByRole('button', { name: 'حذف کد' }))
    expect(await screen.findByTestId('promotion-message')).toHaveTextContent('کد تخفیف شما با موفقیت حذف شد.')
    expect(calls).toEqual(['9'])
  })

  it('keeps the code and shows what to do when a payment of the order is under way (409)', async () => {
    serveInvoice(discounted)
    server.use(
      http.patch('/lemonade/api/usedDiscounts/{id}', () => HttpResponse.json(errorBody('409', PAYMENT_OPEN), { status: 409 })),
    )
    await renderForm({ ...SESSION, lemonadeUsedDiscountId: '9' })
    await userEvent.click(screen.getByRole('button', { name: 'حذف کد' }))
    expect(await screen.findByTestId('promotion-message')).toHaveTextContent(PAYMENT_OPEN)
    expect(window.sessionStorage.getItem('lemonadeUsedDiscountId')).toBe('9')
    expect(screen.getByTestId('promotion-form')).toHaveAttribute('data-mode', 'REMOVE')
    expect(screen.getByTestId('payable')).toHaveTextContent('۴۰۰٬۰۰۰ تومان')
  })
})
