import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { isLoggedIn } from '@/lib/auth'
import { signIn } from '@/testing/auth'
import { doubleTap } from '@/testing/double-tap'
import { errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { buildBasketItem, buildInvoice } from '@/testing/data/checkout'
import { packagesInfo, selectedPackage } from '@/testing/package-handlers'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

const PAGE = '/diets/extend'

const info = packagesInfo
const selected = { ...selectedPackage, orderId: 77 }

beforeEach(() => {
  signIn()
})

describe('older package page', () => {
  it('opens on the bundle whose length is in session storage [DS-33]', async () => {
    server.use(http.get('/diet/package-infos', () => HttpResponse.json(info)))
    renderApp(PAGE, { session: { packageBundleId: '6' } })
    await waitFor(() => expect(screen.getByTestId('offer-6')).toBeChecked())
    expect(screen.getByTestId('bundle-set')).toHaveAttribute('data-state', 'SUCCESS')
  })

  it('asks once for the flow the customer is in and selects through the extend call for a running diet [DS-32]', async () => {
    const asked: string[] = []
    const selections: unknown[] = []
    server.use(
      http.get('/diet/package-infos', ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json({ ...info, flow: 'EXTEND', dietID: '42' })
      }),
      http.post('/diets/extend/select-package', async ({ request }) => {
        selections.push(await request.json())
        return HttpResponse.json(selected)
      }),
    )
    const user = userEvent.setup()
    renderApp(PAGE)
    await user.click(await screen.findByTestId('older-continue'))
    await screen.findByTestId('older-order')
    expect(asked).toEqual(['?orExtend=true'])
    expect(selections).toMatchObject([{ dietCount: 3, hasHami: false, hasPoints: true }])
    expect(selections[0]).not.toHaveProperty('packageType')
  })

  it('shows on each offer what its order costs with the hami switch, and after continue what is bought', async () => {
    const invoice = buildInvoice([
      buildBasketItem({ productId: 121, title: 'بسته رژیم و همراه شخصی', originalPrice: 1000000, finalPrice: 700000 }),
    ])
    server.use(http.post('/diet/select-package', () => HttpResponse.json({ ...selected, invoice })))
    const user = userEvent.setup()
    renderApp(PAGE)
    const row = await screen.findByTestId('offer-3')
    expect(row.closest('label')).toHaveTextContent('۹۰۰٬۰۰۰ تومان')
    await user.click(screen.getByTestId('hami-switch'))
    expect(row.closest('label')).toHaveTextContent('۷۰۰٬۰۰۰ تومان')
    await user.click(screen.getByTestId('older-continue'))
    const summary = await screen.findByTestId('older-summary')
    expect(summary).toHaveTextContent('بسته رژیم و همراه شخصی')
    expect(screen.getByTestId('older-payable')).toHaveTextContent(`${'۷۰۰٬۰۰۰'} تومان`)
    await user.click(screen.getByTestId('older-back'))
    expect(await screen.findByTestId('offer-3')).toBeChecked()
    expect(screen.queryByTestId('older-summary')).toBeNull()
  })

  it('selects the package once and applies a code once for double taps', async () => {
    const calls: string[] = []
    server.use(
      http.post('/diet/select-package', () => {
        calls.push('select')
        return HttpResponse.json(selected)
      }),
      http.post('/promotionusage', () => {
        calls.push('promotion')
        return HttpResponse.json({ status: 'SAVED', usedDiscountId: 1, invoice: selected.invoice })
      }),
    )
    const user = userEvent.setup()
    renderApp(PAGE)
    doubleTap(await screen.findByTestId('older-continue'))
    await user.type(await screen.findByTestId('older-promotion-input'), 'LIMOO20')
    doubleTap(screen.getByTestId('older-promotion-apply'))
    await screen.findByTestId('older-promotion-cancel')
    expect(calls).toEqual(['select', 'promotion'])
  })

  it("shows the Persian problem text, not the browser's, when applying a code reaches no server", async () => {
    server.use(http.post('/promotionusage', () => HttpResponse.error()))
    const user = userEvent.setup()
    renderApp(PAGE)
    await user.click(await screen.findByTestId('older-continue'))
    await user.type(await screen.findByTestId('older-promotion-input'), 'LIMOO20')
    await user.click(screen.getByTestId('older-promotion-apply'))
    expect(await screen.findByTestId('older-promotion-message')).toHaveTextContent('مشکلی پیش آمد، لطفا دوباره تلاش کنید.')
  })

  it('shows "no payment needed" for a refused selection [ER-56]', async () => {
    server.use(
      http.get('/diet/package-infos', () => HttpResponse.json(info)),
      http.post('/diet/select-package', () =>
        HttpResponse.json(errorBody('NO_NEED_TO_PAYMENT'), { status: 400 }),
      ),
    )
    const user = userEvent.setup()
    renderApp(PAGE)
    await user.click(await screen.findByTestId('older-continue'))
    expect(await screen.findByRole('alert')).toHaveTextContent('نیازی به پرداخت نیست.')
  })

  it('leads a customer whose package waits for its diet to the panel instead of a dead end [ER-56]', async () => {
    server.use(http.get('/diet/package-infos', () => HttpResponse.json({ ...info, needPayment: false })))
    renderApp(PAGE)
    expect(await screen.findByRole('alert')).toHaveTextContent('نیازی به پرداخت نیست.')
    expect(screen.getByTestId('older-to-diets')).toHaveAttribute('href', '/diets')
    expect(screen.getByTestId('older-to-diets')).toHaveTextContent('رفتن به پنل رژیم')
  })

  describe('payment auth invalid [ER-55]', () => {
    const needLogin = errorBody('NEED_LOGIN_FIRST', 'لطفا ابتدا وارد سایت شوید.')

    /** The page stays, says why, forgets the refused sign-in, offers nothing to pay, and leads back through sign-in. */
    async function expectPaymentAuthInvalid(router: ReturnType<typeof renderApp>['router']) {
      expect(await screen.findByRole('alert')).toHaveTextContent('لطفا ابتدا وارد سایت شوید.')
      expect(screen.getByTestId('older-packages')).toHaveAttribute('data-payment-auth', 'invalid')
      expect(screen.queryByTestId('older-continue')).toBeNull()
      expect(screen.queryByTestId('older-pay')).toBeNull()
      expect(screen.getByTestId('older-sign-in')).toHaveAttribute('href', '/enter?next=%2Fdiets%2Fextend')
      expect(currentLocation(router)).toBe(PAGE)
      expect(isLoggedIn()).toBe(false)
    }

    it('when the server refuses the sign-in for the packages info and the renewal too', async () => {
      server.use(http.get('/diet/package-infos', () => HttpResponse.json(needLogin, { status: 401 })))
      const { router } = renderApp(PAGE)
      await expectPaymentAuthInvalid(router)
    })

    it('when the server refuses it for the selection', async () => {
      server.use(
        http.get('/diet/package-infos', () => HttpResponse.json(info)),
        http.post('/diet/select-package', () => HttpResponse.json(needLogin, { status: 401 })),
      )
      const user = userEvent.setup()
      const { router } = renderApp(PAGE)
      const next = await screen.findByTestId('older-continue')
      expect(screen.getByTestId('older-packages')).toHaveAttribute('data-payment-auth', 'valid')
      await user.click(next)
      await expectPaymentAuthInvalid(router)
    })
  })
})
