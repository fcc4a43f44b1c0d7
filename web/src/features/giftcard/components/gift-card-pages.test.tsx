import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { doubleTap } from '@/testing/double-tap'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const product = (id: number, title: string) => ({
  id,
  title,
  subtitle: 'زیرعنوان',
  price: 490000,
  finalPrice: 390000,
  currency: 'تومان',
  productType: 'DIET' as const,
  service: 'LIMOO_SHOP',
  isEnabled: true,
  meta: { products: [{ title, productType: 'DIET' as const, images: { logo: `https://cdn.test/${id}.png` } }] },
})

type RedeemBody = { giftCode: string; selectedProductId?: number; sessionId?: string }

function redeemAnswers(answer: (body: RedeemBody) => Response, seen: RedeemBody[] = []) {
  server.use(
    http.post('/lemonade/api/limoo-cards', async ({ request }) => {
      const body = (await request.json()) as RedeemBody
      seen.push(body)
      return answer(body)
    }),
  )
  return seen
}

const refusal = (code: string, status: 400 | 409 | 429) => () =>
  HttpResponse.json(errorBody(code, 'پیام سرور'), { status }) as unknown as Response

async function typeAndSubmit(code: string) {
  await userEvent.type(screen.getByTestId('gift-code-input'), code)
  await userEvent.click(screen.getByRole('button', { name: 'ثبت کد' }))
}

beforeEach(() => signIn())

describe('/limoocard [PM-75…PM-80, ER-41…ER-46]', () => {
  it('keeps submit disabled until the code is typed and says the code is required when it is cleared', async () => {
    renderApp('/limoocard')
    const submit = await screen.findByRole('button', { name: 'ثبت کد' })
    expect(submit).toBeDisabled()
    await userEvent.type(screen.getByTestId('gift-code-input'), 'a')
    expect(submit).toBeEnabled()
    await userEvent.clear(screen.getByTestId('gift-code-input'))
    expect(await screen.findByText('لطفا کد لیمو را وارد کنید.')).toBeInTheDocument()
    expect(submit).toBeDisabled()
  })

  it('sends the code lower-cased with the session id and opens the result page for one option', async () => {
    window.sessionStorage.setItem('sessId', 'session-9')
    window.sessionStorage.setItem('sessEditToken', 'edit-session-9')
    const seen = redeemAnswers(() => HttpResponse.json({ productOptions: [101], orderId: 5 }) as unknown as Response)
    redeemedAnswers(() => HttpResponse.json([gift(101, 'رژیم یک ماهه')]) as unknown as Response)
    const { router } = renderApp('/limoocard')
    await screen.findByTestId('gift-code-input')
    await typeAndSubmit('AB12CD')
    await waitFor(() => expect(currentLocation(router)).toBe('/limoocard-result?status=success&selectedProductId=101'))
    expect(await screen.findByTestId('gift-product')).toHaveTextContent('رژیم یک ماهه')
    expect(seen).toEqual([{ giftCode: 'ab12cd', sessionId: 'session-9', botCheckToken: '' }])
    expect(window.sessionStorage.getItem('giftCode')).toBe('ab12cd')
  })

  it('redeems once for a double tap', async () => {
    const seen = redeemAnswers(() => HttpResponse.json({ productOptions: [101], orderId: 5 }) as unknown as Response)
    redeemedAnswers(() => HttpResponse.json([gift(101, 'رژیم یک ماهه')]) as unknown as Response)
    const { router } = renderApp('/limoocard')
    await userEvent.type(await screen.findByTestId('gift-code-input'), 'AB12CD')
    doubleTap(screen.getByRole('button', { name: 'ثبت کد' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/limoocard-result?status=success&selectedProductId=101'))
    expect(seen).toHaveLength(1)
  })

  it('opens the option chooser when the card offers several products', async () => {
    redeemAnswers(() => HttpResponse.json({ productOptions: [101, 111] }) as unknown as Response)
    server.use(http.get('/lemonade/api/limoo-cards/products', () => HttpResponse.json([])))
    const { router } = renderApp('/limoocard')
    await screen.findByTestId('gift-code-input')
    await typeAndSubmit('GIFTPICK')
    await waitFor(() => expect(currentLocation(router)).toBe('/select-limoocard-options'))
  })

  it.each([
    ['INVALID_CODE', 400, 'کد وارد شده معتبر نیست.'],
    ['USED_CODE', 409, 'این کد قبلا استفاده شده است.'],
    ['user-has-active-diet', 409, 'شما در حال حاضر رژیم فعال دارید. برای رزرو رژیم بعدی با پشتیبانی تماس بگیرید.'],
    ['429', 429, 'کدهای زیادی را پشت سر هم امتحان کرده‌اید؛ لطفا چند ثانیه بعد دوباره تلاش کنید.'],
    ['SOMETHING_ELSE', 400, 'مشکلی پیش آمده است، لطفا دوباره تلاش کنید.'],
  ] as const)('shows PENDING, then FAILED with the message of %s', async (code, status, message) => {
    redeemAnswers(refusal(code, status))
    renderApp('/limoocard')
    await screen.findByTestId('gift-code-input')
    await typeAndSubmit('code1')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByTestId('gift-card-form')).toHaveAttribute('data-state', 'FAILED')
  })

  it('a customer with a running diet is told to contact support by the phone the deployment configures, no stand-in number', async () => {
    server.use(http.get('/lemonade/api/app-config', () => HttpResponse.json({ paymentGateways: [], supportPhone: '021-91001234' })))
    redeemAnswers(refusal('user-has-active-diet', 409))
    renderApp('/limoocard')
    await screen.findByTestId('gift-code-input')
    await typeAndSubmit('code1')
    expect(await screen.findByRole('link', { name: 'تماس تلفنی: ۰۲۱-۹۱۰۰۱۲۳۴' })).toHaveAttribute('href', 'tel:02191001234')
    expect(document.body.textContent).not.toMatch(/۹۱۰۰۰۰۰۰|91000000/)
  })

  it('without a user says it goes to the login page and goes there after 3 s', async () => {
    window.localStorage.clear()
    const { router } = renderApp('/limoocard')
    const started = Date.now()
    expect(await screen.findByTestId('gift-message')).toHaveTextContent('در حال انتقال به صفحه ورود...')
    expect(screen.getByTestId('gift-message')).toHaveAttribute('role', 'status')
    await waitFor(() => expect(router.state.location.pathname).toBe('/enter'))
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900)
  }, 8_000)
})

describe('/select-limoocard-options [PM-81, PM-82, ER-47, ER-48]', () => {
  beforeEach(() => window.sessionStorage.setItem('giftCode', 'giftpick'))

  it('shows 4 skeleton rows, then radio rows with the first preselected, and continues with the choice', async () => {
    server.use(
      http.get('/lemonade/api/limoo-cards/products', ({ query }) =>
        query.get('giftCode') === 'giftpick'
          ? HttpResponse.json([product(101, 'رژیم یک ماهه'), product(111, 'رژیم ویژه یک ماهه')])
          : HttpResponse.json([]),
      ),
    )
    redeemAnswers(() => HttpResponse.json({ productOptions: [101, 111], orderId: 9 }) as unknown as Response)
    redeemedAnswers(() => HttpResponse.json([gift(111, 'رژیم ویژه یک ماهه')]) as unknown as Response)
    const { router } = renderApp('/select-limoocard-options')
    expect(await screen.findAllByTestId('gift-skeleton')).toHaveLength(4)
    const first = await screen.findByRole('radio', { name: /رژیم یک ماهه/ })
    expect(first).toBeChecked()
    expect(screen.getAllByTestId('gift-option')[0]?.querySelector('img')).toHaveAttribute('src', 'https://cdn.test/101.png')
    await userEvent.click(screen.getByRole('radio', { name: /رژیم ویژه یک ماهه/ }))
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/limoocard-result'))
    expect(router.state.location.search).toMatch(/^\?status=(unknown|success)&selectedProductId=111$/)
  })

  it('offers retry when the products fail to load', async () => {
    server.use(http.get('/lemonade/api/limoo-cards/products', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    renderApp('/select-limoocard-options')
    expect(await screen.findByRole('alert')).toHaveTextContent('متاسفانه مشکلی پیش آمده لطفا مجددا تلاش کنید')
    expect(screen.getByRole('button', { name: 'تلاش مجدد' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'ادامه' })).toBeDisabled()
  })

  it('says so when no product is available', async () => {
    server.use(http.get('/lemonade/api/limoo-cards/products', () => HttpResponse.json([])))
    renderApp('/select-limoocard-options')
    expect(await screen.findByText('متاسفانه در حال حاضر محصولی موجود نیست')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'ادامه' })).toBeDisabled()
  })
})

const gift = (productId: number, title: string) => ({ orderId: 9, productId, title, redeemedAt: Date.UTC(2026, 10, 25) })

function redeemedAnswers(answer: () => Response) {
  server.use(http.get('/lemonade/api/limoo-cards/redeemed', answer))
}

describe('/limoocard-result [PM-82, ER-45]', () => {
  beforeEach(() => window.sessionStorage.setItem('giftCode', 'giftpick'))

  it('redeems the stored code for the choice once, then shows success', async () => {
    const seen = redeemAnswers(() => HttpResponse.json({ productOptions: [101, 111], orderId: 9 }) as unknown as Response)
    redeemedAnswers(() => HttpResponse.json([gift(111, 'رژیم ویژه یک ماهه')]) as unknown as Response)
    const { router } = renderApp('/limoocard-result?status=unknown&selectedProductId=111')
    expect(await screen.findByText('هدیه شما فعال شد')).toBeInTheDocument()
    expect(screen.getByTestId('gift-product')).toHaveTextContent('رژیم ویژه یک ماهه')
    expect(currentLocation(router)).toBe('/limoocard-result?status=success&selectedProductId=111')
    expect(seen).toEqual([expect.objectContaining({ giftCode: 'giftpick', selectedProductId: 111 })])
  })

  it('shows the invalid-choice message when the product is not the card’s', async () => {
    redeemAnswers(refusal('INVALID_SELECTED_PRODUCT_ID', 400))
    renderApp('/limoocard-result?status=unknown&selectedProductId=102')
    expect(await screen.findByRole('alert')).toHaveTextContent('محصول انتخاب شده معتبر نیست!')
    expect(screen.getByTestId('gift-result')).toHaveAttribute('data-status', 'failed')
  })
})

describe('/limoocard-result?status=success shows what the server says', () => {
  it('tells a visitor without a redeemed card that no gift is active, whatever the address says', async () => {
    redeemedAnswers(() => HttpResponse.json([]) as unknown as Response)
    renderApp('/limoocard-result?status=success&selectedProductId=101')
    expect(await screen.findByText('هدیه فعالی برای شما ثبت نشده است')).toBeInTheDocument()
    expect(screen.queryByText('هدیه شما فعال شد')).not.toBeInTheDocument()
    expect(screen.getByTestId('gift-result')).toHaveAttribute('data-status', 'none')
    expect(screen.getByRole('link', { name: 'ثبت کد لیمو کارت' })).toHaveAttribute('href', '/limoocard')
  })

  it('does not count a gift of another product than the address names', async () => {
    redeemedAnswers(() => HttpResponse.json([gift(111, 'رژیم ویژه یک ماهه')]) as unknown as Response)
    renderApp('/limoocard-result?status=success&selectedProductId=101')
    expect(await screen.findByText('هدیه فعالی برای شما ثبت نشده است')).toBeInTheDocument()
  })

  it('shows the customer’s gift with its product as active', async () => {
    redeemedAnswers(() => HttpResponse.json([gift(101, 'رژیم یک ماهه')]) as unknown as Response)
    renderApp('/limoocard-result?status=success&selectedProductId=101')
    expect(await screen.findByText('هدیه شما فعال شد')).toBeInTheDocument()
    expect(screen.getByTestId('gift-product')).toHaveTextContent('رژیم یک ماهه')
  })

  it('shows the newest gift when the address names no product', async () => {
    redeemedAnswers(() => HttpResponse.json([gift(121, 'بسته رژیم'), gift(101, 'رژیم یک ماهه')]) as unknown as Response)
    renderApp('/limoocard-result?status=success')
    expect(await screen.findByTestId('gift-product')).toHaveTextContent('بسته رژیم')
  })

  it('claims nothing when the gifts cannot be read', async () => {
    redeemedAnswers(() => HttpResponse.json(errorBody('500'), { status: 500 }) as unknown as Response)
    renderApp('/limoocard-result?status=success&selectedProductId=101')
    expect(await screen.findByRole('alert')).toHaveTextContent('مشکلی پیش آمده است، لطفا دوباره تلاش کنید.')
    expect(screen.queryByText('هدیه شما فعال شد')).not.toBeInTheDocument()
  })
})

describe('/limoo-card-intro', () => {
  it('leads a code holder to the gift-card form', async () => {
    const { router } = renderApp('/limoo-card-intro?digital-code=true')
    await userEvent.click(await screen.findByRole('link', { name: 'کد هدیه دارم' }))
    expect(currentLocation(router)).toBe('/limoocard?digital-code=true&hasGiftCode=true')
  })

  it('leads a partner gift-code holder to the form with isPartnerDiscount', async () => {
    const { router } = renderApp('/limoo-card-intro?partnerGiftCode=true')
    await userEvent.click(await screen.findByRole('link', { name: 'ثبت کد هدیه همکاران' }))
    expect(currentLocation(router)).toBe('/limoocard?isPartnerDiscount=true')
  })
})
