import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '@/testing/auth'
import { buildProduct, catalogue, partnerBundles } from '@/testing/data/products'
import { SUPPORT_SITE_URL } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const PAGE = '/select-package-c'

async function renderLoadedPage(path = PAGE, session: Record<string, string> = {}) {
  const app = renderApp(path, { session })
  await screen.findAllByTestId('product-card')
  return app
}

/** Counts the guard's can-buy-diet calls: one per (re)load of the page. */
function countGuardCalls() {
  const calls = { canBuyDiet: 0 }
  server.use(
    http.get('/lemonade/api/can-buy-diet', () => {
      calls.canBuyDiet += 1
      return HttpResponse.json({ canBuyDiet: true })
    }),
  )
  return calls
}

describe('select-package-c description popup [PM-09]', () => {
  beforeEach(() => {
    signIn()
    server.use(
      http.get('/lemonade/api/products', () =>
        HttpResponse.json([
          buildProduct({
            id: 1,
            title: 'رژیم یک ماهه',
            description: 'برنامه غذایی یک ماهه زیر نظر کارشناس تغذیه.\nچهار بار تنظیم برنامه در ماه.',
          }),
          buildProduct({ id: 2, title: 'رژیم سه ماهه', meta: { count: 3 } }),
        ]),
      ),
    )
  })

  it('opens from the card link, adds popup=isOpen and removes it on close', async () => {
    const calls = countGuardCalls()
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    expect(screen.getAllByTestId('description-link')).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'توضیحات بیشتر: رژیم یک ماهه' }))
    const popup = await screen.findByRole('dialog', { name: 'رژیم یک ماهه' })
    expect(within(popup).getByTestId('description-popup')).toHaveTextContent('چهار بار تنظیم برنامه در ماه.')
    expect(currentLocation(router)).toBe(`${PAGE}?popup=isOpen`)

    await user.click(within(popup).getByRole('button', { name: 'بستن' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(currentLocation(router)).toBe(PAGE)
    // Opening and closing an overlay does not run the page's guard calls again.
    expect(calls.canBuyDiet).toBe(1)
  })

  it('keeps the card selection apart from the description link', async () => {
    const user = userEvent.setup()
    await renderLoadedPage()
    await user.click(screen.getByRole('radio', { name: 'رژیم سه ماهه' }))
    await user.click(screen.getByRole('button', { name: 'توضیحات بیشتر: رژیم یک ماهه' }))
    await screen.findByRole('dialog', { name: 'رژیم یک ماهه' })
    await user.keyboard('{Escape}')
    expect(screen.getByRole('radio', { name: 'رژیم سه ماهه' })).toHaveAttribute('aria-checked', 'true')
  })
})

describe('select-package-c support chat [PM-20]', () => {
  beforeEach(() => {
    signIn()
  })

  it('without a chat widget, opens the support site, phone and e-mail the deployment configures with goftino=isOpen, nothing that pretends to answer', async () => {
    server.use(
      http.get('/lemonade/api/app-config', () =>
        HttpResponse.json({ supportSiteUrl: SUPPORT_SITE_URL, paymentGateways: [], supportPhone: '021-91001234', supportEmail: 'help@limoo.ir' }),
      ),
    )
    const user = userEvent.setup()
    const { router } = await renderLoadedPage()
    await user.click(screen.getByRole('button', { name: 'پشتیبانی' }))
    const sheet = await screen.findByRole('dialog', { name: 'ارتباط با پشتیبانی' })
    expect(currentLocation(router)).toBe(`${PAGE}?goftino=isOpen`)
    expect(within(sheet).getByRole('link', { name: 'سایت پشتیبانی' })).toHaveAttribute('href', SUPPORT_SITE_URL)
    expect(within(sheet).getByRole('link', { name: 'تماس تلفنی: ۰۲۱-۹۱۰۰۱۲۳۴' })).toHaveAttribute('href', 'tel:02191001234')
    expect(within(sheet).getByRole('link', { name: 'ایمیل: help@limoo.ir' })).toHaveAttribute('href', 'mailto:help@limoo.ir')
    expect(within(sheet).queryByRole('textbox')).not.toBeInTheDocument()
    expect(document.querySelectorAll('script')).toHaveLength(0)

    await user.click(within(sheet).getByRole('button', { name: 'بستن' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(currentLocation(router)).toBe(PAGE)
  })

  it('shows no bubble when the deployment configures no way to reach support', async () => {
    server.use(http.get('/lemonade/api/app-config', () => HttpResponse.json({ paymentGateways: [] })))
    await renderLoadedPage()
    await waitFor(() => expect(screen.queryByTestId('support-chat-bubble')).not.toBeInTheDocument())
  })

  it('opens the chat when the address already carries goftino=isOpen', async () => {
    await renderLoadedPage(`${PAGE}?goftino=isOpen`)
    expect(await screen.findByRole('dialog', { name: 'ارتباط با پشتیبانی' })).toBeInTheDocument()
  })
})

describe('select-package-c support chat with a configured chat widget [PM-20]', () => {
  const widgetScripts = () => document.querySelectorAll('script[src="https://www.goftino.com/widget/AbC123"]')
  const goftino = window as { Goftino?: { open: () => void } }

  beforeEach(() => {
    signIn()
    server.use(
      http.get('/lemonade/api/app-config', () =>
        HttpResponse.json({
          chatWidget: { scriptUrl: 'https://www.goftino.com/widget/', id: 'AbC123' },
          paymentGateways: [],
        }),
      ),
    )
  })

  afterEach(() => {
    document.getElementById('chat-widget-script')?.remove()
    delete goftino.Goftino
  })

  it('injects the widget script exactly once however often the chat is opened, and shows no stand-in', async () => {
    const user = userEvent.setup()
    const open = vi.fn<() => void>()
    const { router } = await renderLoadedPage()
    const bubble = screen.getByRole('button', { name: 'پشتیبانی' })
    await waitFor(() => expect(screen.queryByTestId('support-contacts')).not.toBeInTheDocument())
    expect(widgetScripts()).toHaveLength(0)

    await user.click(bubble)
    await waitFor(() => expect(widgetScripts()).toHaveLength(1))
    expect(currentLocation(router)).toBe(`${PAGE}?goftino=isOpen`)
    expect(widgetScripts()[0]).toHaveAttribute('data-widget-id', 'AbC123')
    // The script announces itself ready: the widget's window opens.
    goftino.Goftino = { open }
    window.dispatchEvent(new Event('goftino_ready'))
    expect(open).toHaveBeenCalledTimes(1)

    await user.click(bubble)
    expect(open).toHaveBeenCalledTimes(2)
    await router.navigate(PAGE)
    await user.click(bubble)
    await waitFor(() => expect(open).toHaveBeenCalledTimes(3))
    expect(widgetScripts()).toHaveLength(1)
    expect(document.querySelectorAll('script')).toHaveLength(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('injects the widget for an address that arrives with goftino=isOpen', async () => {
    await renderLoadedPage(`${PAGE}?goftino=isOpen`)
    await waitFor(() => expect(widgetScripts()).toHaveLength(1))
    expect(screen.queryByTestId('support-contacts')).not.toBeInTheDocument()
  })
})

describe('select-package-c guard errors in the query', () => {
  const withError = `${PAGE}?errorCode=500&errorMessage=${encodeURIComponent('خطای سرور')}&utm_campaign=spring`

  it('shows the network-error section to a signed-in user [ER-17]', async () => {
    signIn()
    renderApp(withError)
    const section = await screen.findByTestId('network-error')
    expect(within(section).getByRole('heading', { name: 'خطا در اتصال به اینترنت' })).toBeInTheDocument()
    expect(section).toHaveTextContent('لطفا اتصال خود با اینترنت را چک کنید!')
    expect(within(section).getByRole('button', { name: 'تلاش مجدد' })).toBeInTheDocument()
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument()
  })

  it('shows it for errorMessage alone too [ER-17]', async () => {
    signIn()
    renderApp(`${PAGE}?errorMessage=x`)
    expect(await screen.findByTestId('network-error')).toBeInTheDocument()
  })

  it('does not show it to an anonymous visitor [ER-17]', async () => {
    await renderLoadedPage(withError, { sPCRequireAuth: 'false' })
    expect(screen.queryByTestId('network-error')).not.toBeInTheDocument()
  })

  it('retry removes errorCode and errorMessage and loads the page again [ER-18]', async () => {
    signIn()
    const calls = countGuardCalls()
    const user = userEvent.setup()
    const { router } = renderApp(withError)
    await user.click(await screen.findByRole('button', { name: 'تلاش مجدد' }))
    await waitFor(() => expect(currentLocation(router)).toBe(`${PAGE}?utm_campaign=spring`))
    await screen.findAllByTestId('product-card')
    expect(screen.queryByTestId('network-error')).not.toBeInTheDocument()
    expect(calls.canBuyDiet).toBe(1)
  })
})

describe('select-package-c back button', () => {
  beforeEach(() => {
    signIn()
  })

  it('goes one step back in history with the gln package flag [RG-50]', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/diets', { session: { isGlnPackage: 'true' } })
    await router.navigate(PAGE)
    await screen.findAllByTestId('product-card')
    await user.click(screen.getByTestId('select-package-back'))
    await waitFor(() => expect(currentLocation(router)).toBe('/diets'))
  })

  it('goes to /diets/extend/back with the user-panel package flag [RG-51]', async () => {
    const user = userEvent.setup()
    const { router } = await renderLoadedPage(PAGE, { isUserPanelPackage: 'true' })
    await user.click(screen.getByRole('button', { name: /بازگشت/ }))
    await waitFor(() => expect(currentLocation(router)).toBe('/diets/extend/back'))
    // The page it returns to loads its packages: wait for them, so no request outlives this test.
    await screen.findByTestId('older-continue')
  })

  it('is not shown without either flag', async () => {
    await renderLoadedPage()
    expect(screen.queryByTestId('select-package-back')).not.toBeInTheDocument()
  })
})

describe('select-package-c partner bundle layouts [PM-08]', () => {
  beforeEach(() => {
    signIn()
    server.use(http.get('/lemonade/api/products', () => HttpResponse.json([...partnerBundles(), ...catalogue()])))
  })

  const partnerCard = () => screen.getByRole('radio', { name: 'بسته همکاران: رژیم و تخفیف خرید' })

  it('uses layout A by default', async () => {
    await renderLoadedPage()
    expect(partnerCard()).toHaveAttribute('data-layout', 'A')
    expect(within(partnerCard()).getByTestId('sub-products')).toHaveClass('product-card__includes--a')
    expect(screen.getByRole('radio', { name: 'بسته رژیم و ورزش' })).not.toHaveAttribute('data-layout')
  })

  it('uses layout B from the session', async () => {
    await renderLoadedPage(PAGE, { partnerBundleDesign: 'B' })
    expect(partnerCard()).toHaveAttribute('data-layout', 'B')
    expect(within(partnerCard()).getByTestId('sub-products')).toHaveClass('product-card__includes--b')
  })

  it('uses layout C from a window setting, with the titles on one line', async () => {
    const globals = window as unknown as Record<string, unknown>
    globals.partnerBundleDesign = 'C'
    try {
      await renderLoadedPage()
      expect(partnerCard()).toHaveAttribute('data-layout', 'C')
      const subs = within(partnerCard()).getAllByTestId('sub-product')
      expect(subs.map((sub) => sub.textContent)).toEqual(['رژیم یک ماهه', 'کد تخفیف فروشگاه همکار'])
      expect(partnerCard().querySelectorAll('img')).toHaveLength(0)
    } finally {
      delete globals.partnerBundleDesign
    }
  })
})

describe('select-package-c footer [PR-13]', () => {
  it('shows the payable total with the product’s currency', async () => {
    signIn()
    server.use(
      http.get('/lemonade/api/products', () =>
        HttpResponse.json([buildProduct({ id: 1, title: 'رژیم یک ماهه', finalPrice: 390000, price: 390000 })]),
      ),
    )
    await renderLoadedPage()
    expect(screen.getByTestId('footer-total')).toHaveTextContent('۳۹۰٬۰۰۰ تومان')
    expect(screen.getByTestId('shop-footer')).toHaveTextContent('مبلغ قابل پرداخت')
  })
})
