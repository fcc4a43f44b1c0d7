import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { buildProduct, catalogue } from '@/testing/data/products'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

// These pages need a signed-in user [RG-15]; the guards have their own tests in app/guards.test.tsx.
beforeEach(() => {
  signIn()
})

const PAGE = '/select-package-c'

function cards() {
  return screen.getAllByTestId('product-card')
}

function cardFor(title: string) {
  return screen.getByRole('radio', { name: title })
}

async function renderLoadedPage(session: Record<string, string> = {}) {
  const app = renderApp(PAGE, { session })
  await screen.findAllByTestId('product-card')
  return app
}

describe('select-package-c states', () => {
  it('shows the loading text while products are on their way', async () => {
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.get('/lemonade/api/products', async () => {
        await answered
        return HttpResponse.json(catalogue())
      }),
    )
    renderApp(PAGE)
    expect(await screen.findByTestId('products-loading')).toHaveTextContent('در حال بارگیری اطلاعات...')
    expect(screen.getByRole('heading', { level: 1, name: 'انتخاب دوره' })).toBeInTheDocument()
    release()
    await screen.findAllByTestId('product-card')
    expect(screen.queryByTestId('products-loading')).not.toBeInTheDocument()
  })

  it('shows the failure text when the fetch fails [ER-15]', async () => {
    server.use(
      http.get('/lemonade/api/products', () =>
        HttpResponse.json({ err: { code: '500', message: 'خطای سرور', details: { messages: [] } } }, { status: 500 }),
      ),
    )
    renderApp(PAGE)
    const error = await screen.findByTestId('products-error')
    expect(error).toHaveTextContent('متاسفانه مشکلی پیش آمده لطفا مجددا تلاش نمایید.')
    expect(screen.getByRole('alert')).toBe(error)
    expect(screen.queryByTestId('footer-button')).not.toBeInTheDocument()
  })

  it('reads the list again when the customer retries after a failure', async () => {
    let calls = 0
    server.use(
      http.get('/lemonade/api/products', () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json({ err: { code: '500', message: 'خطای سرور', details: { messages: [] } } }, { status: 500 })
          : HttpResponse.json(catalogue())
      }),
    )
    renderApp(PAGE)
    await userEvent.click(await screen.findByTestId('products-retry'))
    await waitFor(() => expect(screen.queryByTestId('products-error')).not.toBeInTheDocument())
    expect(calls).toBe(2)
  })

  it('shows the empty text when there are no products [ER-16]', async () => {
    server.use(http.get('/lemonade/api/products', () => HttpResponse.json([])))
    renderApp(PAGE)
    expect(await screen.findByTestId('products-empty')).toHaveTextContent('در حال حاضر محصولی موجود نمیباشد.')
    expect(screen.queryByTestId('shop-footer')).not.toBeInTheDocument()
  })
})

describe('select-package-c catalogue request', () => {
  it('asks for enabled Limoo shop products with the DIET tag by default', async () => {
    const seen: URLSearchParams[] = []
    server.use(
      http.get('/lemonade/api/products', ({ request }) => {
        seen.push(new URL(request.url).searchParams)
        return HttpResponse.json(catalogue())
      }),
    )
    await renderLoadedPage()
    expect(seen).toHaveLength(1)
    const [query] = seen
    expect(JSON.parse(query?.get('where') ?? 'null')).toEqual({
      service: 'LIMOO_SHOP',
      isEnabled: true,
      'meta.tags': 'DIET',
    })
    expect(query?.has('utmCampaign')).toBe(false)
    expect(query?.has('filterNormalDiet')).toBe(false)
  })

  it('passes the session products tag, utm campaign and filterNormalDiet flag [PR-43]', async () => {
    const seen: URLSearchParams[] = []
    server.use(
      http.get('/lemonade/api/products', ({ request }) => {
        seen.push(new URL(request.url).searchParams)
        return HttpResponse.json(catalogue())
      }),
    )
    await renderLoadedPage({ productsTag: 'MIND', utm_campaign: 'spring', filterNormalDiet: 'true' })
    const [query] = seen
    expect(JSON.parse(query?.get('where') ?? 'null')).toMatchObject({ 'meta.tags': 'MIND' })
    expect(query?.get('utmCampaign')).toBe('spring')
    expect(query?.get('filterNormalDiet')).toBe('true')
  })

  it('copies query parameters into the session before fetching', async () => {
    const seen: URLSearchParams[] = []
    server.use(
      http.get('/lemonade/api/products', ({ request }) => {
        seen.push(new URL(request.url).searchParams)
        return HttpResponse.json(catalogue())
      }),
    )
    renderApp(`${PAGE}?productsTag=KONKUR&utm_campaign=exam`)
    await screen.findAllByTestId('product-card')
    expect(JSON.parse(seen[0]?.get('where') ?? 'null')).toMatchObject({ 'meta.tags': 'KONKUR' })
    expect(seen[0]?.get('utmCampaign')).toBe('exam')
    expect(window.sessionStorage.getItem('productsTag')).toBe('KONKUR')
  })
})

describe('select-package-c list', () => {
  it('shows the heading, then featured products first and the rest in catalogue order [PM-01]', async () => {
    await renderLoadedPage()
    expect(screen.getByRole('heading', { level: 1, name: 'انتخاب دوره' })).toBeInTheDocument()
    expect(cards().map((card) => card.dataset.productId)).toEqual(['4', '1', '2', '3', '5', '6', '7'])
    expect(within(screen.getByTestId('featured-products')).getAllByTestId('product-card')).toHaveLength(1)
  })

  it('draws each product with the card kind of its type [PM-04…PM-07]', async () => {
    await renderLoadedPage()
    const kinds = Object.fromEntries(cards().map((card) => [card.dataset.productId, card.dataset.cardKind]))
    expect(kinds).toEqual({
      '1': 'normal',
      '2': 'premium',
      '3': 'normal',
      '4': 'premium',
      '5': 'partner',
      '6': 'no-price',
      '7': 'no-price',
    })
  })

  it('strikes the original price through when it differs and shows Persian digits with تومان', async () => {
    await renderLoadedPage()
    const premium = cardFor('رژیم یک ماهه ویژه')
    expect(within(premium).getByTestId('price-original').tagName).toBe('DEL')
    expect(within(premium).getByTestId('price-original')).toHaveTextContent('۸۹۰٬۰۰۰ تومان')
    expect(within(premium).getByTestId('price-final')).toHaveTextContent('۶۹۰٬۰۰۰ تومان')
    const normal = cardFor('رژیم یک ماهه')
    expect(within(normal).queryByTestId('price-original')).not.toBeInTheDocument()
    expect(within(normal).getByTestId('price-final')).toHaveTextContent('۴۹۰٬۰۰۰ تومان')
  })

  it('shows no price on priceless cards', async () => {
    await renderLoadedPage()
    expect(within(cardFor('بسته‌های ورزشی')).queryByTestId('price')).not.toBeInTheDocument()
    expect(within(cardFor('تخفیف همکار')).queryByTestId('price')).not.toBeInTheDocument()
  })

  it('lists the sub-products of a bundle', async () => {
    await renderLoadedPage()
    const subs = within(cardFor('بسته رژیم و ورزش')).getAllByTestId('sub-product')
    expect(subs.map((sub) => sub.textContent)).toEqual(['رژیم سه ماهه', 'برنامه ورزشیسه ماهه'])
  })

  it('shows the economy badge only with the flag on, on one-month diets [PM-05]', async () => {
    await renderLoadedPage()
    expect(screen.queryByText('اقتصادی')).not.toBeInTheDocument()
  })

  it('shows the economy badge on one-month diets when the flag is on [PM-05]', async () => {
    await renderLoadedPage({ oneDietEconomyBadge: 'true' })
    const badged = screen.getAllByTestId('economy-badge').map((badge) => badge.closest('[data-testid="product-card"]'))
    expect(badged.map((card) => card?.getAttribute('data-product-id'))).toEqual(['1', '2'])
    expect(screen.getAllByText('اقتصادی')).toHaveLength(2)
  })

  it('shows the top banner only when sPCShowTopBanner is set [PM-03]', async () => {
    const { unmount } = await renderLoadedPage()
    expect(screen.queryByTestId('top-banner')).not.toBeInTheDocument()
    unmount()
    await renderLoadedPage({ sPCShowTopBanner: 'true' })
    expect(screen.getByTestId('top-banner')).toBeInTheDocument()
  })

  it('shows the four-step stepper only for gln or user-panel packages', async () => {
    const { unmount } = await renderLoadedPage()
    expect(screen.queryByTestId('stepper')).not.toBeInTheDocument()
    unmount()
    await renderLoadedPage({ isGlnPackage: 'true' })
    const stepper = screen.getByRole('navigation', { name: 'مراحل دریافت رژیم' })
    expect(within(stepper).getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      '۱انتخاب دوره (مرحله فعلی)',
      '۲پرداخت',
      '۳پاسخ به سوالات',
      '۴صدور رژیم',
    ])
  })

  it('shows the stepper when the flag is a window setting', async () => {
    const globals = window as unknown as Record<string, unknown>
    globals.userPanelPackage = true
    try {
      await renderLoadedPage()
      expect(screen.getByTestId('stepper')).toBeInTheDocument()
    } finally {
      delete globals.userPanelPackage
    }
  })

  it('shows a single banner package on a Konkur landing [PM-02]', async () => {
    await renderLoadedPage({ landing: 'KONKUR' })
    expect(cards()).toHaveLength(1)
    expect(within(screen.getByTestId('konkur-banner')).getByTestId('product-card')).toHaveAttribute('data-product-id', '1')
    expect(screen.getByTestId('footer-total')).toHaveTextContent('۴۹۰٬۰۰۰ تومان')
  })
})

describe('select-package-c selection and footer', () => {
  it('preselects the first featured product and shows its total [PR-44, PR-13]', async () => {
    await renderLoadedPage()
    expect(cardFor('بسته رژیم و ورزش')).toHaveAttribute('aria-checked', 'true')
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(1)
    expect(screen.getByTestId('footer-total')).toHaveTextContent('۱٬۲۵۰٬۰۰۰ تومان')
    expect(screen.getByTestId('footer-button')).toHaveTextContent('تکمیل خرید')
  })

  it('selects a tapped card and updates the footer total', async () => {
    const user = userEvent.setup()
    await renderLoadedPage()
    await user.click(cardFor('رژیم یک ماهه ویژه'))
    expect(cardFor('رژیم یک ماهه ویژه')).toHaveAttribute('aria-checked', 'true')
    expect(cardFor('بسته رژیم و ورزش')).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByTestId('footer-total')).toHaveTextContent('۶۹۰٬۰۰۰ تومان')
  })

  it('moves the selection with the arrow keys', async () => {
    const user = userEvent.setup()
    await renderLoadedPage()
    cardFor('بسته رژیم و ورزش').focus()
    await user.keyboard('{ArrowDown}')
    expect(cardFor('رژیم یک ماهه')).toHaveAttribute('aria-checked', 'true')
    expect(cardFor('رژیم یک ماهه')).toHaveFocus()
  })

  it('reads تکمیل خرید for a normal product and goes to checkout [PM-16]', async () => {
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    await user.click(cardFor('رژیم یک ماهه'))
    const button = screen.getByRole('button', { name: 'تکمیل خرید' })
    expect(button).toBe(screen.getByTestId('footer-button'))
    await user.click(button)
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
  })

  it('reads ادامه خرید for a mentor-allowed product and opens the additional products [PM-15]', async () => {
    const user = userEvent.setup()
    await renderLoadedPage()
    await user.click(cardFor('رژیم سه ماهه'))
    expect(screen.getByTestId('footer-total')).toHaveTextContent('۹۹۰٬۰۰۰ تومان')
    await user.click(screen.getByRole('button', { name: 'ادامه خرید' }))
    const dialog = screen.getByRole('dialog', { name: 'محصولات تکمیلی' })
    await user.click(within(dialog).getByRole('button', { name: 'بستن' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('reads انتخاب هدیه for a TAG with selectPackageType d and goes to the partner page [PM-13]', async () => {
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    await user.click(cardFor('هدیه همکاران'))
    expect(screen.getByTestId('footer-total')).toHaveTextContent('۰ تومان')
    await user.click(screen.getByRole('button', { name: 'انتخاب هدیه' }))
    // /select-package-d redirects to the wizard [RG-13]
    await waitFor(() => expect(currentLocation(router)).toBe('/select-package-f/1'))
  })

  it('reads ادامه خرید for another TAG and goes to its category page [PM-14]', async () => {
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    const visited: string[] = []
    router.subscribe((state) => visited.push(state.location.pathname))
    await user.click(cardFor('بسته‌های ورزشی'))
    await user.click(screen.getByRole('button', { name: 'ادامه خرید' }))
    // /select-category-packages/{category} redirects to the wizard [RG-14]
    await waitFor(() => expect(currentLocation(router)).toBe('/select-package-f/1'))
    expect(screen.queryByTestId('products-error')).not.toBeInTheDocument()
    expect(visited).toContain('/select-package-f/1')
  })

  it('keeps the cart to one item per product type while the selection follows taps [PM-11]', async () => {
    const user = userEvent.setup()
    await renderLoadedPage()
    await user.click(cardFor('رژیم یک ماهه'))
    await user.click(cardFor('رژیم سه ماهه'))
    expect(screen.getAllByRole('radio', { checked: true }).map((card) => card.dataset.productId)).toEqual(['3'])
  })

  it('shows the page in Turkish with Latin digits', async () => {
    renderApp(PAGE, { language: 'tr' })
    await screen.findAllByTestId('product-card')
    expect(screen.getByRole('heading', { level: 1, name: 'Program seçimi' })).toBeInTheDocument()
    expect(screen.getByTestId('footer-total')).toHaveTextContent('1.250.000 Toman')
  })

  it('fetches a product list that has only one product type', async () => {
    server.use(
      http.get('/lemonade/api/products', () =>
        HttpResponse.json([buildProduct({ id: 9, productType: 'TAG', meta: { value: 'SPORT' } })]),
      ),
    )
    await renderLoadedPage()
    expect(cardFor('محصول 9')).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('button', { name: 'ادامه خرید' })).toBeInTheDocument()
  })
})
