import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { partnerBundles } from '@/testing/data/products'
import { CREATED_ORDER_ID, errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const PAGE = '/partner-bundle-landing'

async function renderLoadedPage(path = PAGE, session: Record<string, string> = {}) {
  const app = renderApp(path, { session })
  await screen.findAllByTestId('product-card')
  return app
}

describe('/partner-bundle-landing', () => {
  it('lists the partner bundles with the catalogue filter of spec 2 §7', async () => {
    const queries: URLSearchParams[] = []
    server.use(
      http.get('/lemonade/api/products', ({ request }) => {
        queries.push(new URL(request.url).searchParams)
        return HttpResponse.json(partnerBundles())
      }),
    )
    await renderLoadedPage(PAGE, { utm_campaign: 'partners' })
    expect(screen.getByRole('heading', { level: 1, name: 'بسته‌های همکاران' })).toBeInTheDocument()
    expect(screen.getAllByTestId('product-card').map((card) => card.dataset.productId)).toEqual(['142', '143'])
    const [query] = queries
    expect(JSON.parse(query?.get('where') ?? 'null')).toEqual({
      productType: 'BUNDLE',
      service: 'LIMOO_SHOP',
      isEnabled: true,
      'meta.tags': 'PARTNER_DISCOUNT',
      'meta.type': { like: 'PARTNER_DISCOUNT' },
    })
    expect(query?.get('disablePreviewCheckRules')).toBe('true')
    expect(query?.get('utmCampaign')).toBe('partners')
  })

  it('preselects the first bundle and shows its total', async () => {
    await renderLoadedPage()
    expect(screen.getByRole('radio', { name: 'بسته همکاران: رژیم و تخفیف خرید' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByTestId('footer-total')).toHaveTextContent('۴۹۰٬۰۰۰ تومان')
  })

  it('creates the order for the chosen bundle and goes to checkout', async () => {
    signIn()
    const bodies: unknown[] = []
    server.use(
      http.post('/lemonade/api/orders', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ id: CREATED_ORDER_ID })
      }),
    )
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    await user.click(screen.getByRole('radio', { name: 'بسته همکاران سه ماهه' }))
    expect(screen.getByTestId('footer-total')).toHaveTextContent('۹۹۰٬۰۰۰ تومان')
    await user.click(screen.getByRole('button', { name: 'خرید بسته' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(bodies).toEqual([expect.objectContaining({ productIds: [143], meta: { SPV: 'C' } })])
  })

  it('sends an anonymous visitor to sign in with a next address that creates the order [RG-47]', async () => {
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    await user.click(screen.getByRole('button', { name: 'خرید بسته' }))
    const next = `/CreateOderWithProductIds/?productIds=142&backUrl=${encodeURIComponent(PAGE)}`
    await waitFor(() => expect(currentLocation(router)).toBe(`/enter?next=${encodeURIComponent(next)}`))
  })

  it('shows the network-error section when the order fails [ER-19]', async () => {
    signIn()
    server.use(http.post('/lemonade/api/orders', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    const user = userEvent.setup()
    await renderLoadedPage()
    await user.click(screen.getByRole('button', { name: 'خرید بسته' }))
    const section = await screen.findByTestId('network-error')
    await user.click(within(section).getByRole('button', { name: 'تلاش مجدد' }))
    expect(screen.queryByTestId('network-error')).not.toBeInTheDocument()
  })

  it('goes back to the next path [RG-38]', async () => {
    const user = userEvent.setup()
    const { router } = await renderLoadedPage(`${PAGE}?next=${encodeURIComponent('/diets')}`)
    await user.click(screen.getByTestId('partner-bundle-back'))
    await waitFor(() => expect(currentLocation(router)).toBe('/diets'))
  })

  it('goes back to select-package-c with showIntro=false without next [RG-38]', async () => {
    await renderLoadedPage()
    expect(screen.getByTestId('partner-bundle-back')).toHaveAttribute('data-to', '/select-package-c?showIntro=false')
  })

  it('draws the bundles in the partnerBundleDesign layout [PM-08]', async () => {
    await renderLoadedPage(PAGE, { partnerBundleDesign: 'B' })
    for (const card of screen.getAllByTestId('product-card')) expect(card).toHaveAttribute('data-layout', 'B')
  })

  it('shows the failure text when the bundles cannot be fetched', async () => {
    server.use(http.get('/lemonade/api/products', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    renderApp(PAGE)
    expect(await screen.findByTestId('products-error')).toHaveTextContent('متاسفانه مشکلی پیش آمده لطفا مجددا تلاش نمایید.')
  })

  it('shows the empty text when there are no bundles', async () => {
    server.use(http.get('/lemonade/api/products', () => HttpResponse.json([])))
    renderApp(PAGE)
    expect(await screen.findByTestId('products-empty')).toHaveTextContent('در حال حاضر محصولی موجود نمیباشد.')
    expect(screen.queryByTestId('shop-footer')).not.toBeInTheDocument()
  })
})
