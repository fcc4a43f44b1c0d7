import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { buildProduct, catalogue, mentorProducts } from '@/testing/data/products'
import { doubleTap } from '@/testing/double-tap'
import { CREATED_ORDER_ID, errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const PAGE = '/select-package-c'

type OrderBody = { productIds: number[]; service?: string; sessionId?: string; utmCampaign?: string; meta?: unknown }

/** Records the bodies of POST /lemonade/api/orders and answers with an id (or the given failure). */
function recordOrders(fail = false) {
  const bodies: OrderBody[] = []
  server.use(
    http.post('/lemonade/api/orders', async ({ request }) => {
      bodies.push((await request.json()) as OrderBody)
      return fail
        ? HttpResponse.json(errorBody('500', 'خطای سرور'), { status: 500 })
        : HttpResponse.json({ id: CREATED_ORDER_ID })
    }),
  )
  return bodies
}

async function renderLoadedPage(session: Record<string, string> = {}) {
  const app = renderApp(PAGE, { session })
  await screen.findAllByTestId('product-card')
  return app
}

async function openAdditionalProducts(user: ReturnType<typeof userEvent.setup>, title = 'رژیم سه ماهه') {
  await user.click(screen.getByRole('radio', { name: title }))
  await user.click(screen.getByRole('button', { name: 'ادامه خرید' }))
  return screen.getByRole('dialog', { name: 'محصولات تکمیلی' })
}

async function mentorSwitch(dialog: HTMLElement) {
  const toggle = within(dialog).getByRole('switch', { name: /افزودن همراه شخصی/ })
  await waitFor(() => expect(toggle).toBeEnabled())
  return toggle
}

describe('select-package-c order creation', () => {
  beforeEach(() => {
    signIn()
  })

  it('creates the order with SPV C, stores its id and goes to checkout [PM-16, PR-27]', async () => {
    const bodies = recordOrders()
    const user = userEvent.setup()
    const { router } = await renderLoadedPage({ sessId: 'session-9', sessEditToken: 'edit-session-9', utm_campaign: 'spring' })
    await user.click(screen.getByRole('radio', { name: 'رژیم یک ماهه' }))
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(bodies).toEqual([
      { productIds: [1], service: 'LIMOO_SHOP', sessionId: 'session-9', utmCampaign: 'spring', meta: { SPV: 'C' }, botCheckToken: '' },
    ])
    expect(window.sessionStorage.getItem('lemonadeOrderId')).toBe(String(CREATED_ORDER_ID))
    expect(window.sessionStorage.getItem('showPromotionField')).toBe('true')
  })

  it('creates one order for a double tap', async () => {
    const bodies = recordOrders()
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    await user.click(screen.getByRole('radio', { name: 'رژیم یک ماهه' }))
    doubleTap(screen.getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(bodies).toHaveLength(1)
  })

  it('sends selectCOrFTest in the meta when the session flags it', async () => {
    const bodies = recordOrders()
    const user = userEvent.setup()
    const { router } = await renderLoadedPage({ sessId: 'session-9', sessEditToken: 'edit-session-9', selectCOrFTest: 'C' })
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(bodies[0]?.meta).toEqual({ SPV: 'C', selectCOrFTest: 'C' })
  })

  it('on failure stays on the page with the network-error section; retry returns to IDLE [ER-19]', async () => {
    const bodies = recordOrders(true)
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    const section = await screen.findByTestId('network-error')
    expect(section).toHaveTextContent('خطا در اتصال به اینترنت')
    expect(section).toHaveTextContent('لطفا اتصال خود با اینترنت را چک کنید!')
    expect(currentLocation(router)).toBe(PAGE)
    expect(window.sessionStorage.getItem('lemonadeOrderId')).toBeNull()

    await user.click(within(section).getByRole('button', { name: 'تلاش مجدد' }))
    expect(screen.queryByTestId('network-error')).not.toBeInTheDocument()
    expect(screen.getByTestId('footer-button')).toBeEnabled()
    expect(bodies).toHaveLength(1)
  })
})

describe('select-package-c anonymous order [RG-47]', () => {
  it('sends an anonymous visitor to /enter with a next address that creates the order [RG-47]', async () => {
    const bodies = recordOrders()
    const user = userEvent.setup()
    const { router } = await renderLoadedPage({ sPCRequireAuth: 'false' })
    await user.click(screen.getByRole('radio', { name: 'رژیم یک ماهه' }))
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    const next = '/CreateOderWithProductIds/?productIds=1&backUrl=%2Fselect-package-c'
    await waitFor(() => expect(currentLocation(router)).toBe(`/enter?next=${encodeURIComponent(next)}`))
    expect(window.sessionStorage.getItem('redirectAfterLogin')).toBe(next)
    expect(bodies).toEqual([])
  })
})

describe('select-package-c mentor add-on', () => {
  beforeEach(() => {
    signIn()
  })

  it('lists the four mentor features in the additional-products popup [PM-15, PM-18]', async () => {
    const user = userEvent.setup()
    await renderLoadedPage()
    const dialog = await openAdditionalProducts(user)
    expect(within(dialog).getAllByTestId('mentor-feature').map((line) => line.textContent)).toEqual([
      'پاسخ به تمام سوالات شما درباره رژیم',
      'پیگیری هفتگی روند پیشرفت شما',
      'گفتگو درباره جزئیات رژیم',
      'ایجاد انگیزه برای ادامه مسیر',
    ])
  })

  it('asks the catalogue for MENTOR products', async () => {
    const filters: unknown[] = []
    server.use(
      http.get('/lemonade/api/products', ({ query }) => {
        const where = JSON.parse(query.get('where') ?? '{}') as Record<string, unknown>
        filters.push(where)
        return HttpResponse.json(where['meta.tags'] === 'MENTOR' ? mentorProducts() : catalogue())
      }),
    )
    const user = userEvent.setup()
    await renderLoadedPage()
    const dialog = await openAdditionalProducts(user)
    await mentorSwitch(dialog)
    expect(filters).toContainEqual({ service: 'LIMOO_SHOP', isEnabled: true, productType: 'MENTOR', 'meta.tags': 'MENTOR' })
  })

  it('adds the mentor of the same count as an ADDITIONAL item and orders both [PM-18, PM-19]', async () => {
    const bodies = recordOrders()
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    const dialog = await openAdditionalProducts(user)
    const toggle = await mentorSwitch(dialog)
    expect(within(dialog).getByTestId('mentor-price')).toHaveTextContent('+ ۴۹۰٬۰۰۰ تومان')
    expect(within(dialog).getByTestId('additional-total')).toHaveTextContent('۹۹۰٬۰۰۰ تومان')

    await user.click(toggle)
    expect(toggle).toBeChecked()
    expect(within(dialog).getByTestId('additional-total')).toHaveTextContent('۱٬۴۸۰٬۰۰۰ تومان')

    await user.click(within(dialog).getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(bodies.map((body) => body.productIds)).toEqual([[3, 152]])
  })

  it('removes the mentor when the switch is turned off [PM-18]', async () => {
    const bodies = recordOrders()
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    const dialog = await openAdditionalProducts(user)
    const toggle = await mentorSwitch(dialog)
    await user.click(toggle)
    await user.click(toggle)
    expect(toggle).not.toBeChecked()
    expect(within(dialog).getByTestId('additional-total')).toHaveTextContent('۹۹۰٬۰۰۰ تومان')
    await user.click(within(dialog).getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(bodies.map((body) => body.productIds)).toEqual([[3]])
  })

  it('clears the add-on when the popup is closed [PM-17]', async () => {
    const bodies = recordOrders()
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    let dialog = await openAdditionalProducts(user)
    await user.click(await mentorSwitch(dialog))
    await user.click(within(dialog).getByRole('button', { name: 'بستن' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByTestId('footer-total')).toHaveTextContent('۹۹۰٬۰۰۰ تومان')

    await user.click(screen.getByRole('button', { name: 'ادامه خرید' }))
    dialog = screen.getByRole('dialog', { name: 'محصولات تکمیلی' })
    expect(await mentorSwitch(dialog)).not.toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(bodies.map((body) => body.productIds)).toEqual([[3]])
  })

  it('shows the English no-mentor message when no mentor has the diet’s count [ER-39]', async () => {
    server.use(
      http.get('/lemonade/api/products', ({ query }) => {
        const where = JSON.parse(query.get('where') ?? '{}') as Record<string, unknown>
        if (where['meta.tags'] === 'MENTOR') return HttpResponse.json(mentorProducts())
        return HttpResponse.json([
          buildProduct({ id: 161, title: 'رژیم دوازده ماهه', meta: { count: 12, isAllowedMentor: true } }),
        ])
      }),
    )
    const user = userEvent.setup()
    await renderLoadedPage()
    const dialog = await openAdditionalProducts(user, 'رژیم دوازده ماهه')
    const toggle = await mentorSwitch(dialog)
    await user.click(toggle)
    expect(toggle).not.toBeChecked()
    const message = within(dialog).getByRole('alert')
    expect(message).toHaveTextContent('No mentor product is available for this package.')
    expect(message).toHaveAttribute('lang', 'en')
  })

  it('shows the add-on failure message when the mentor products cannot be fetched [ER-38]', async () => {
    server.use(
      http.get('/lemonade/api/products', ({ query }) => {
        const where = JSON.parse(query.get('where') ?? '{}') as Record<string, unknown>
        if (where['meta.tags'] === 'MENTOR') return HttpResponse.json(errorBody('500'), { status: 500 })
        return HttpResponse.json(catalogue())
      }),
    )
    const user = userEvent.setup()
    await renderLoadedPage()
    const dialog = await openAdditionalProducts(user)
    const toggle = await mentorSwitch(dialog)
    await user.click(toggle)
    expect(toggle).not.toBeChecked()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('متاسفانه مشکلی پیش آمده، لطفا مجددا تلاش کنید.')
  })

  it('shows an order failure inside the popup and keeps the mentor for the retry [ER-19]', async () => {
    const bodies = recordOrders(true)
    const user = userEvent.setup()
    await renderLoadedPage()
    const dialog = await openAdditionalProducts(user)
    await user.click(await mentorSwitch(dialog))
    await user.click(within(dialog).getByRole('button', { name: 'تکمیل خرید' }))
    const section = await within(dialog).findByTestId('network-error')
    await user.click(within(section).getByRole('button', { name: 'تلاش مجدد' }))
    expect(within(dialog).queryByTestId('network-error')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('switch', { name: /افزودن همراه شخصی/ })).toBeChecked()
    expect(bodies.map((body) => body.productIds)).toEqual([[3, 152]])
  })
})
