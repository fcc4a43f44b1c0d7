import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { CART_ITEMS_KEY } from '../domain/choices'
import { twoPageWizardConfig } from '@/testing/data/wizard-configs'
import { serveWizard } from '../testing/wizard-config'
import type { WizardConfig } from '../types'

// The wizard needs a signed-in customer [RG-15]; its guard redirects are tested in app/guards.test.tsx.
beforeEach(() => {
  signIn()
})

const storedChoices = () => JSON.parse(window.sessionStorage.getItem(CART_ITEMS_KEY) ?? '{}') as Record<string, number | null>
const option = (name: string) => screen.getByRole('radio', { name })
const footerLines = () => screen.queryAllByTestId('wizard-footer-line')

async function openWizard(path: string, session: Record<string, string> = {}) {
  const app = renderApp(path, { session })
  await screen.findAllByTestId('wizard-option')
  return app
}

describe('select-package-f configuration', () => {
  it('loads SELECT_PACKAGE_F_PRODUCTS without a configId [RG-44]', async () => {
    const requests = serveWizard()
    await openWizard('/select-package-f/1')
    expect(requests.integrations).toEqual(['limoo-integrations'])
    expect(requests.configIds).toEqual(['SELECT_PACKAGE_F_PRODUCTS'])
  })

  it('loads the configuration named by the query [RG-44]', async () => {
    const requests = serveWizard()
    await openWizard('/select-package-f/1?configId=SELECT_F_RECOVER_AFTER_PROF')
    expect(requests.configIds).toEqual(['SELECT_F_RECOVER_AFTER_PROF'])
  })

  it('loads SELECT_PACKAGE_F_FOREIGN_AFTER_PROF for a foreign customer sent to SELECT_F_AFTER_PROF [RG-45]', async () => {
    const requests = serveWizard(twoPageWizardConfig(), { mobile: '+905321234567' })
    await openWizard('/select-package-f/1?configId=SELECT_F_AFTER_PROF')
    expect(requests.configIds).toEqual(['SELECT_PACKAGE_F_FOREIGN_AFTER_PROF'])
  })

  it('loads SELECT_PACKAGE_F_FOREIGN for a foreign customer by default [RG-46]', async () => {
    const requests = serveWizard(twoPageWizardConfig(), { mobile: '+905321234567' })
    await openWizard('/select-package-f/1')
    expect(requests.configIds).toEqual(['SELECT_PACKAGE_F_FOREIGN'])
  })

  it('takes a visitor as foreign by the number stored at sign-in when login is waived [RG-46]', async () => {
    window.localStorage.clear()
    window.localStorage.setItem('mobileNumber', '5321234567')
    window.localStorage.setItem('countryId', '220')
    const requests = serveWizard()
    await openWizard('/select-package-f/1', { sPCRequireAuth: 'false' })
    expect(requests.configIds).toEqual(['SELECT_PACKAGE_F_FOREIGN'])
  })

  it('shows the loading text while the configuration is on its way', async () => {
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    serveWizard()
    server.use(
      http.get('/lemonade/api/{integration}/config/{configId}', async () => {
        await answered
        return HttpResponse.json(twoPageWizardConfig())
      }),
    )
    renderApp('/select-package-f/1')
    expect(await screen.findByTestId('wizard-loading')).toHaveTextContent('در حال بارگیری اطلاعات...')
    await waitFor(() => expect(screen.getByTestId('select-package-f')).toHaveAttribute('data-state', 'PENDING'))
    release()
    await screen.findAllByTestId('wizard-option')
    expect(screen.getByTestId('select-package-f')).toHaveAttribute('data-state', 'SUCCEED')
  })

  it('shows the failure text when the configuration cannot be loaded [ER-15]', async () => {
    serveWizard()
    server.use(
      http.get('/lemonade/api/{integration}/config/{configId}', () =>
        HttpResponse.json(errorBody('404', 'یافت نشد'), { status: 404 }),
      ),
    )
    renderApp('/select-package-f/1')
    expect(await screen.findByTestId('wizard-error', {}, { timeout: 3000 })).toHaveTextContent(
      'متاسفانه مشکلی پیش آمده لطفا مجددا تلاش نمایید.',
    )
    expect(screen.getByTestId('select-package-f')).toHaveAttribute('data-state', 'FAILED')
    expect(screen.queryByTestId('wizard-footer')).not.toBeInTheDocument()
  })
})

describe('select-package-f page rules', () => {
  it('sends a non-numeric page id to page 1 with the extra query x=x [RG-41]', async () => {
    serveWizard()
    const { router } = renderApp('/select-package-f/abc?configId=SELECT_F_AFTER_PROF')
    await waitFor(() => expect(currentLocation(router)).toBe('/select-package-f/1?configId=SELECT_F_AFTER_PROF&x=x'))
    await screen.findAllByTestId('wizard-option')
  })

  it('sends a page beyond the number of pages to page 1 [RG-42]', async () => {
    serveWizard()
    const { router } = renderApp('/select-package-f/3', { session: { [CART_ITEMS_KEY]: '{"1":101,"2":151}' } })
    await waitFor(() => expect(currentLocation(router)).toBe('/select-package-f/1'))
    expect(await screen.findByRole('heading', { level: 1, name: 'مدت دوره را انتخاب کنید' })).toBeInTheDocument()
  })

  it('replaces page n with page 1 when an earlier page has no stored choice [RG-43]', async () => {
    serveWizard()
    const { router } = renderApp('/select-package-f/2?configId=SELECT_PACKAGE_F_PRODUCTS')
    await waitFor(() => expect(currentLocation(router)).toBe('/select-package-f/1?configId=SELECT_PACKAGE_F_PRODUCTS'))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('opens page 2 when page 1 has a stored choice [RG-43]', async () => {
    serveWizard()
    const { router } = await openWizard('/select-package-f/2', { [CART_ITEMS_KEY]: '{"1":101}' })
    expect(currentLocation(router)).toBe('/select-package-f/2')
  })
})

describe('select-package-f page 1', () => {
  it('shows the social-proof toast area and no top nav on page 1 [RG-52]', async () => {
    serveWizard()
    await openWizard('/select-package-f/1')
    expect(screen.getByTestId('social-proof')).toBeInTheDocument()
    expect(screen.queryByTestId('wizard-top-nav')).not.toBeInTheDocument()
    expect(screen.getByTestId('top-bar')).toBeInTheDocument()
  })

  it('shows the top media, subtitle and middle content', async () => {
    serveWizard()
    await openWizard('/select-package-f/1')
    expect(screen.getByTestId('wizard-media-image')).toHaveAttribute('src', '/media/wizard-top.jpg')
    expect(screen.getByText('رژیم اختصاصی زیر نظر کارشناس')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'مدت دوره را انتخاب کنید' })).toBeInTheDocument()
    expect(screen.getByText('هر زمان می‌توانید تمدید کنید')).toBeInTheDocument()
  })

  it('shows only options whose product is in the configuration', async () => {
    serveWizard()
    await openWizard('/select-package-f/1')
    const ids = screen.getAllByTestId('wizard-option').map((card) => card.getAttribute('data-product-id'))
    expect(ids).toEqual(['101', '102', '103'])
    expect(screen.queryByText('محصول حذف‌شده')).not.toBeInTheDocument()
  })

  it('chooses the first visible option by default and lists it in the footer without a total [PR-12]', async () => {
    serveWizard()
    await openWizard('/select-package-f/1')
    expect(option('یک ماهه')).toBeChecked()
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(1)
    expect(footerLines()).toHaveLength(1)
    expect(footerLines()[0]).toHaveTextContent('رژیم یک ماهه۴۹۰٬۰۰۰ تومان')
    expect(screen.queryByTestId('wizard-footer-total')).not.toBeInTheDocument()
    expect(screen.getByTestId('wizard-next')).toHaveTextContent('مرحله بعد')
    expect(storedChoices()).toEqual({})
  })

  it('shows every ui field of an option card', async () => {
    serveWizard()
    await openWizard('/select-package-f/1')
    const first = screen.getAllByTestId('wizard-option')[0] as HTMLElement
    expect(within(first).getByTestId('option-badge')).toHaveTextContent('پرفروش')
    expect(within(first).getByText('شروع سریع')).toBeInTheDocument()
    expect(within(first).getByTestId('option-price-original')).toHaveTextContent('۵۹۰٬۰۰۰ تومان')
    expect(within(first).getByTestId('option-price-final')).toHaveTextContent('۴۹۰٬۰۰۰ تومان')
    const description = within(first).getByTestId('option-description')
    expect(description).toHaveTextContent('چه چیزهایی می‌گیرید')
    expect(description).toHaveTextContent('برنامه هر هفته به‌روز می‌شود.')
    expect(within(description).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['رژیم اختصاصی', 'پشتیبانی'])
    expect(within(description).getByTestId('option-bullets')).toHaveAttribute('data-bullets-style', 'dot')

    const [, second, third] = screen.getAllByTestId('wizard-option') as HTMLElement[]
    expect(within(second as HTMLElement).queryByTestId('option-badge')).not.toBeInTheDocument()
    expect(within(third as HTMLElement).getByTestId('option-price-final')).toHaveTextContent(/^قیمت: ۱٬۸۰۰٬۰۰۰$/)
    expect(within(third as HTMLElement).queryByTestId('option-price-original')).not.toBeInTheDocument()
  })

  it('stores a chosen option for its page in sPFCartItems and updates the footer', async () => {
    const user = userEvent.setup()
    serveWizard()
    await openWizard('/select-package-f/1')
    await user.click(option('سه ماهه'))
    expect(option('سه ماهه')).toBeChecked()
    expect(storedChoices()).toEqual({ '1': 102 })
    expect(footerLines()[0]).toHaveTextContent('رژیم سه ماهه۹۹۰٬۰۰۰ تومان')
  })
})

describe('select-package-f later pages', () => {
  it('stores the default choice and opens the next page with the same query', async () => {
    const user = userEvent.setup()
    serveWizard()
    const { router } = await openWizard('/select-package-f/1?configId=SELECT_PACKAGE_F_PRODUCTS')
    await user.click(screen.getByRole('button', { name: 'مرحله بعد' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/select-package-f/2?configId=SELECT_PACKAGE_F_PRODUCTS'))
    expect(storedChoices()).toEqual({ '1': 101 })
  })

  it('shows only the options whose showIf holds for the earlier choice', async () => {
    serveWizard()
    await openWizard('/select-package-f/2', { [CART_ITEMS_KEY]: '{"1":102}' })
    const ids = screen.getAllByTestId('wizard-option').map((card) => card.getAttribute('data-product-id'))
    expect(ids).toEqual(['152'])
    expect(option('همراه سه ماهه')).not.toBeChecked()
    expect(screen.getByRole('heading', { level: 1, name: 'انتخاب دوره' })).toBeInTheDocument()
    expect(within(screen.getByTestId('wizard-option')).getByTestId('option-price-final')).toHaveTextContent('+ ۴۹۰٬۰۰۰ تومان')
  })

  it('shows a top nav whose back button opens page n−1 [RG-52]', async () => {
    const user = userEvent.setup()
    serveWizard()
    const { router } = await openWizard('/select-package-f/2?configId=SELECT_PACKAGE_F_PRODUCTS', {
      [CART_ITEMS_KEY]: '{"1":101}',
    })
    expect(screen.queryByTestId('social-proof')).not.toBeInTheDocument()
    expect(screen.getByTestId('wizard-step')).toHaveTextContent('مرحله ۲ از ۲')
    await user.click(screen.getByRole('link', { name: 'بازگشت به مرحله قبل' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/select-package-f/1?configId=SELECT_PACKAGE_F_PRODUCTS'))
    expect(await screen.findByTestId('social-proof')).toBeInTheDocument()
    expect(option('یک ماهه')).toBeChecked()
  })

  it('lists every chosen product and the total on the last page [PR-12]', async () => {
    serveWizard()
    await openWizard('/select-package-f/2', { [CART_ITEMS_KEY]: '{"1":101,"2":151}' })
    expect(footerLines().map((line) => line.getAttribute('data-product-id'))).toEqual(['101', '151'])
    expect(footerLines()[1]).toHaveTextContent('همراه یک ماهه۱۹۰٬۰۰۰ تومان')
    expect(screen.getByTestId('wizard-footer-total')).toHaveTextContent('مبلغ قابل پرداخت۶۸۰٬۰۰۰ تومان')
    expect(screen.getByTestId('wizard-next')).toHaveTextContent('تکمیل خرید')
  })

  it('drops the stored choices of later pages when an earlier choice changes', async () => {
    const user = userEvent.setup()
    serveWizard()
    await openWizard('/select-package-f/1', { [CART_ITEMS_KEY]: '{"1":101,"2":151}' })
    expect(option('یک ماهه')).toBeChecked()
    await user.click(option('سه ماهه'))
    expect(storedChoices()).toEqual({ '1': 102 })
  })

  it('keeps the later choices when going on without a change', async () => {
    const user = userEvent.setup()
    serveWizard()
    await openWizard('/select-package-f/1', { [CART_ITEMS_KEY]: '{"1":101,"2":151}' })
    await user.click(screen.getByRole('button', { name: 'مرحله بعد' }))
    await screen.findByTestId('wizard-top-nav')
    expect(storedChoices()).toEqual({ '1': 101, '2': 151 })
  })

  it('offers going on without the add-on of an optional page first, chosen by default [PM-28]', async () => {
    serveWizard()
    await openWizard('/select-package-f/2', { [CART_ITEMS_KEY]: '{"1":102}' })
    const decline = screen.getByTestId('wizard-decline')
    expect(within(decline).getByRole('radio', { name: 'نیازی ندارم' })).toBeChecked()
    expect(decline).toHaveTextContent('هزینه‌ای اضافه نمی‌شود')
    expect(option('همراه سه ماهه')).not.toBeChecked()
    expect(footerLines().map((line) => line.getAttribute('data-product-id'))).toEqual(['102'])
    expect(screen.queryByTestId('wizard-footer-total')).not.toBeInTheDocument()
    expect(screen.getByTestId('wizard-next')).toBeEnabled()
  })

  it('adds the add-on when chosen and takes it off again when declined [PR-12]', async () => {
    const user = userEvent.setup()
    serveWizard()
    await openWizard('/select-package-f/2', { [CART_ITEMS_KEY]: '{"1":102}' })
    await user.click(option('همراه سه ماهه'))
    expect(storedChoices()).toEqual({ '1': 102, '2': 152 })
    expect(screen.getByTestId('wizard-footer-total')).toHaveTextContent('مبلغ قابل پرداخت۱٬۴۸۰٬۰۰۰ تومان')
    await user.click(screen.getByRole('radio', { name: 'نیازی ندارم' }))
    expect(storedChoices()).toEqual({ '1': 102, '2': null })
    expect(footerLines().map((line) => line.getAttribute('data-product-id'))).toEqual(['102'])
  })

  it('offers only going on without when no add-on matches the earlier choice', async () => {
    serveWizard()
    renderApp('/select-package-f/2', { session: { [CART_ITEMS_KEY]: '{"1":103}' } })
    expect(await screen.findByRole('radio', { name: 'نیازی ندارم' })).toBeChecked()
    expect(screen.queryAllByTestId('wizard-option')).toHaveLength(0)
    expect(screen.getByTestId('wizard-next')).toBeEnabled()
  })

  it('disables the button on a page without visible options', async () => {
    const config = twoPageWizardConfig()
    serveWizard({ ...config, pages: config.pages.map((page) => ({ ...page, optional: false })) })
    renderApp('/select-package-f/2', { session: { [CART_ITEMS_KEY]: '{"1":103}' } })
    expect(await screen.findByTestId('wizard-empty')).toHaveTextContent('در حال حاضر محصولی موجود نمیباشد.')
    expect(screen.getByTestId('wizard-next')).toBeDisabled()
  })
})

describe('select-package-f order', () => {
  /** Records order bodies and holds the answer, so the page stays (checkout has its own tests). */
  function recordOrders(): unknown[] {
    const bodies: unknown[] = []
    server.use(
      http.post('/lemonade/api/orders', async ({ request }) => {
        bodies.push(await request.json())
        return new Promise<never>(() => {})
      }),
    )
    return bodies
  }

  it("creates the order with the chosen products and meta {SPV: 'F', configId} on 'تکمیل خرید'", async () => {
    const user = userEvent.setup()
    serveWizard()
    const bodies = recordOrders()
    await openWizard('/select-package-f/2?configId=SELECT_F_RECOVER_AFTER_PROF', { [CART_ITEMS_KEY]: '{"1":102,"2":152}' })
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      productIds: [102, 152],
      service: 'LIMOO_SHOP',
      meta: { SPV: 'F', configId: 'SELECT_F_RECOVER_AFTER_PROF' },
    })
    expect(storedChoices()).toEqual({ '1': 102, '2': 152 })
    expect(screen.getByTestId('wizard-next')).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByTestId('wizard-next')).toBeDisabled()
  })

  it('orders the diet alone when the customer goes on without the add-on', async () => {
    const user = userEvent.setup()
    serveWizard()
    const bodies = recordOrders()
    await openWizard('/select-package-f/2', { [CART_ITEMS_KEY]: '{"1":102}' })
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ productIds: [102] })
    expect(storedChoices()).toEqual({ '1': 102, '2': null })
  })

  it('sends the mapped FOREIGN config id in the order meta [RG-46]', async () => {
    const user = userEvent.setup()
    serveWizard(twoPageWizardConfig(), { mobile: '+905321234567' })
    const bodies = recordOrders()
    await openWizard('/select-package-f/2', { [CART_ITEMS_KEY]: '{"1":101,"2":151}' })
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ productIds: [101, 151], meta: { SPV: 'F', configId: 'SELECT_PACKAGE_F_FOREIGN' } })
  })

  it('sends an anonymous visitor to sign in first, with an address that creates the order [RG-47]', async () => {
    const user = userEvent.setup()
    window.localStorage.clear()
    serveWizard()
    const bodies = recordOrders()
    const { router } = await openWizard('/select-package-f/2', {
      sPCRequireAuth: 'false',
      [CART_ITEMS_KEY]: '{"1":101,"2":151}',
    })
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/enter'))
    const next = new URL(new URLSearchParams(router.state.location.search).get('next') ?? '', 'http://limoo.test')
    expect(next.pathname).toBe('/CreateOderWithProductIds/')
    expect(next.searchParams.get('productIds')).toBe('101,151')
    expect(next.searchParams.get('backUrl')).toBe('/select-package-f/2')
    expect(bodies).toEqual([])
  })

  it('shows the network-error section when the order fails, and its retry returns to the button [ER-19]', async () => {
    const user = userEvent.setup()
    serveWizard()
    server.use(http.post('/lemonade/api/orders', () => HttpResponse.json(errorBody('500'), { status: 500 })))
    await openWizard('/select-package-f/2', { [CART_ITEMS_KEY]: '{"1":101}' })
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    expect(await screen.findByTestId('network-error')).toHaveTextContent('خطا در اتصال به اینترنت')
    await user.click(screen.getByTestId('network-error-retry'))
    expect(screen.queryByTestId('network-error')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'تکمیل خرید' })).toBeEnabled()
  })
})

describe('select-package-f top media', () => {
  function withTopContent(topContent: NonNullable<WizardConfig['pages'][number]['topContent']>) {
    const config = twoPageWizardConfig()
    const [first] = config.pages
    if (first) first.topContent = topContent
    return config
  }

  it('shows a video as its preview image with a play button, then the player', async () => {
    const user = userEvent.setup()
    serveWizard(
      withTopContent({ mediaType: 'video', mediaUrl: '/media/foreign-intro.mp4', previewImage: '/media/foreign-intro-preview.jpg' }),
    )
    await openWizard('/select-package-f/1')
    const preview = screen.getByTestId('wizard-media-preview')
    expect(within(preview).getByRole('presentation')).toHaveAttribute('src', '/media/foreign-intro-preview.jpg')
    await user.click(screen.getByRole('button', { name: 'پخش ویدیو' }))
    expect(screen.getByTestId('wizard-media-video')).toHaveAttribute('src', '/media/foreign-intro.mp4')
  })

  it('falls back to the preview image with a note when the video cannot load', async () => {
    const user = userEvent.setup()
    serveWizard(withTopContent({ mediaType: 'video', mediaUrl: '/media/missing.mp4', previewImage: '/media/foreign-intro-preview.jpg' }))
    await openWizard('/select-package-f/1')
    await user.click(screen.getByRole('button', { name: 'پخش ویدیو' }))
    fireEvent.error(screen.getByTestId('wizard-media-video'))
    expect(screen.getByTestId('wizard-media-error')).toHaveTextContent('پخش این ویدیو ممکن نیست.')
    expect(screen.getByTestId('wizard-media-preview')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'پخش ویدیو' })).not.toBeInTheDocument()
  })

  it('shows an audio player', async () => {
    serveWizard(withTopContent({ mediaType: 'audio', mediaUrl: '/media/after-prof.mp3', subtitle: 'پیام صوتی' }))
    await openWizard('/select-package-f/1')
    expect(screen.getByTestId('wizard-media-audio')).toHaveAttribute('src', '/media/after-prof.mp3')
    expect(screen.getByText('پیام صوتی')).toBeInTheDocument()
  })
})
