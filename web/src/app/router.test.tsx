import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { HttpResponse } from 'msw'
import { signIn } from '@/testing/auth'
import { buildInvoice } from '@/testing/data/checkout'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

// These pages need a signed-in user [RG-15]; the guards have their own tests in app/guards.test.tsx.
beforeEach(() => {
  signIn()
})

async function expectLanding(path: string, expected: string, session: Record<string, string> = {}) {
  const { router } = renderApp(path, { session })
  await waitFor(() => expect(currentLocation(router)).toBe(expected))
  return router
}

describe('route table redirects', () => {
  it('sends an unknown path to the wizard [RG-01]', async () => {
    await expectLanding('/no-such-page', '/select-package-f/1')
    expect(await screen.findByRole('heading', { name: 'انتخاب دوره' })).toBeInTheDocument()
  })

  it('sends an unknown nested path to the wizard [RG-01]', async () => {
    await expectLanding('/no/such/page', '/select-package-f/1')
  })

  it.each([
    '/select-package-a',
    '/select-package-b',
    '/select-package-d?showIntro=false',
    '/select-package-e',
    '/install-tara',
    '/select-package-f',
  ])('sends %s to the wizard page 1 [RG-13]', async (path) => {
    await expectLanding(path, '/select-package-f/1')
  })

  it('sends a category page to the wizard [RG-14]', async () => {
    await expectLanding('/select-category-packages/sport', '/select-package-f/1')
  })

  it('sends /checkout to /checkout-new keeping its query', async () => {
    await expectLanding('/checkout?showPromotionField=false', '/checkout-new?showPromotionField=false')
  })

  it('dispatches a successful payment result to the success page without status', async () => {
    // The success page claims success only for a paid order.
    server.use(
      http.get('/lemonade/api/orders/{id}/invoice', () =>
        HttpResponse.json(buildInvoice(undefined, { id: 5, status: 'PAYMENT_SUCCESS' })),
      ),
    )
    await expectLanding('/payment-result?status=OK&orderId=5', '/payment-success?orderId=5')
    expect(await screen.findByRole('heading', { name: 'پرداخت شما با موفقیت انجام شد' })).toBeInTheDocument()
  })

  it('dispatches a failed payment result to the failure page without status, code and paymentId', async () => {
    await expectLanding(
      '/payment-result?status=NOK&code=51&paymentId=9&orderId=5&isPartnerDiscount=true',
      '/payment-fail?orderId=5&isPartnerDiscount=true',
    )
  })

  it('sends / to the wizard when no package flag is set', async () => {
    await expectLanding('/', '/select-package-f/1')
  })

  it('sends / to /select-package keeping the query when a gln package flag is set', async () => {
    await expectLanding('/?productsTag=MIND', '/select-package-c?productsTag=MIND', { isGlnPackage: 'true' })
  })

  it('sends an old diet landing /bm_{id} the spec does not map to the first good-looking step', async () => {
    await expectLanding('/bm_12', '/bm_f1')
  })

  it('serves the panel home on /diets', async () => {
    await expectLanding('/diets', '/diets')
    expect(await screen.findByTestId('panel-home')).toBeInTheDocument()
  })
})

describe('top bar [RG-52]', () => {
  it('shows the top bar on wizard page 1', async () => {
    await expectLanding('/select-package-f/1', '/select-package-f/1')
    // The hydration fallback draws a top bar of its own: wait for the page before looking.
    await screen.findByTestId('select-package-f')
    expect(screen.getByTestId('top-bar')).toBeInTheDocument()
  })

  it('keeps the top bar on wizard page 2, above its own top nav', async () => {
    await expectLanding('/select-package-f/2', '/select-package-f/2', { sPFCartItems: '{"1":101}' })
    expect(await screen.findByTestId('wizard-top-nav')).toBeInTheDocument()
    expect(screen.getByTestId('top-bar')).toBeInTheDocument()
  })
})

describe('/select-package dispatch [RG-11]', () => {
  it('goes to the wizard by default and sets the gln flag', async () => {
    await expectLanding('/select-package', '/select-package-f/1')
    expect(window.sessionStorage.getItem('isGlnPackage')).toBe('true')
    expect(window.sessionStorage.getItem('isUserPanelPackage')).toBeNull()
  })

  it('sets the user-panel flag for source=panel', async () => {
    await expectLanding('/select-package?source=panel', '/select-package-f/1?source=panel')
    expect(window.sessionStorage.getItem('isUserPanelPackage')).toBe('true')
  })

  it('goes to select-package-c when the default select page is C', async () => {
    await expectLanding('/select-package', '/select-package-c', { selectCOrF: 'C' })
  })

  it('goes to select-package-c when the products tag is not DIET', async () => {
    await expectLanding('/select-package?productsTag=KONKUR', '/select-package-c?productsTag=KONKUR')
  })

  it.each(['A', 'B', 'D'])('goes through page %s to the wizard', async (type) => {
    await expectLanding(`/select-package?selectPackageType=${type}`, `/select-package-f/1`)
  })
})

describe('landmarks', () => {
  // The shell's <main data-route> is the page's one main landmark; a page inside it must not add another.
  it.each([
    ['/orders-history', 'orders-history'],
    ['/reserve', 'reserve-list'],
    ['/limoo-card-intro', 'limoo-card-intro'],
    ['/limoocard', 'gift-card-form'],
    ['/select-limoocard-options', 'gift-products'],
    ['/limoocard-result', 'gift-result'],
    ['/pay-card', 'transfer-form-C2C'],
    ['/pay-card-success', 'pay-card-success'],
  ])('%s has one main landmark, the shell’s', async (path, testId) => {
    server.use(
      http.get('/lemonade/api/orders', () => HttpResponse.json([])),
      http.get('/lemonade/api/diet-packages', () => HttpResponse.json([])),
      http.get('/lemonade/api/limoo-cards/products', () => HttpResponse.json([])),
    )
    renderApp(path, { session: { lemonadeOrderId: '77', giftCode: 'giftpick' } })
    await screen.findByTestId(testId)
    const mains = screen.getAllByRole('main')
    expect(mains).toHaveLength(1)
    expect(mains[0]).toHaveAttribute('data-route')
  })
})
