import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signIn } from '@/testing/auth'
import { CREATED_ORDER_ID, errorBody } from '@/testing/handlers'
import { http } from '@/testing/http'
import { currentLocation, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'

type OrderBody = { productIds: number[]; meta?: unknown }

/** Records each order request with the time it arrived; answers with an id, or fails the first `failures` times. */
function recordOrders(failures = 0) {
  const requests: { body: OrderBody; at: number }[] = []
  server.use(
    http.post('/lemonade/api/orders', async ({ request }) => {
      requests.push({ body: (await request.json()) as OrderBody, at: performance.now() })
      return requests.length <= failures
        ? HttpResponse.json(errorBody('500', 'خطای سرور'), { status: 500 })
        : HttpResponse.json({ id: CREATED_ORDER_ID })
    }),
  )
  return requests
}

const backUrl = encodeURIComponent('/select-package-c')

describe('/CreateOderWithProductIds [RG-48]', () => {
  it('waits 1 s, creates one order with the ids, then replaces itself with /checkout-new', async () => {
    signIn()
    const requests = recordOrders()
    const started = performance.now()
    const { router } = renderApp(`/CreateOderWithProductIds/?productIds=101,151&backUrl=${backUrl}`)
    expect(await screen.findByTestId('create-order-pending')).toHaveTextContent('در حال ثبت سفارش...')
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(requests).toHaveLength(1)
    expect(requests[0]?.body).toMatchObject({ productIds: [101, 151], service: 'LIMOO_SHOP', meta: { SPV: 'C' } })
    expect((requests[0]?.at ?? 0) - started).toBeGreaterThanOrEqual(990)
    expect(router.state.historyAction).toBe('REPLACE')
    expect(window.sessionStorage.getItem('lemonadeOrderId')).toBe(String(CREATED_ORDER_ID))
    expect(window.sessionStorage.getItem('showPromotionField')).toBe('true')
  })

  it('keeps SPV F and the config id of a wizard back address', async () => {
    signIn()
    const requests = recordOrders()
    const wizard = encodeURIComponent('/select-package-f/2?configId=SELECT_F_AFTER_PROF')
    const { router } = renderApp(`/CreateOderWithProductIds/?productIds=102,152&backUrl=${wizard}`)
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(requests[0]?.body.meta).toEqual({ SPV: 'F', configId: 'SELECT_F_AFTER_PROF' })
  })

  it('shows the network-error section on failure and tries again on retry [ER-19]', async () => {
    signIn()
    const requests = recordOrders(1)
    const user = userEvent.setup()
    const { router } = renderApp(`/CreateOderWithProductIds/?productIds=101&backUrl=${backUrl}`)
    const section = await screen.findByTestId('network-error')
    expect(screen.getByTestId('create-order-page')).toHaveAttribute('data-state', 'FAIL')
    expect(screen.getByRole('link', { name: 'بازگشت به انتخاب دوره' })).toHaveAttribute('href', '/select-package-c')
    await user.click(within(section).getByRole('button', { name: 'تلاش مجدد' }))
    expect(screen.getByTestId('create-order-page')).toHaveAttribute('data-state', 'IDLE')
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(requests).toHaveLength(2)
  })

  it('orders nothing without usable product ids and offers the way back', async () => {
    signIn()
    const requests = recordOrders()
    renderApp(`/CreateOderWithProductIds/?productIds=abc&backUrl=${backUrl}`)
    expect(await screen.findByTestId('create-order-invalid')).toHaveTextContent('محصولی برای ثبت سفارش انتخاب نشده است.')
    expect(screen.getByTestId('create-order-back')).toHaveAttribute('href', '/select-package-c')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(requests).toEqual([])
  })

  it('sends an anonymous visitor to sign in first, coming back to the same address', async () => {
    const address = `/CreateOderWithProductIds/?productIds=101&backUrl=${backUrl}`
    const { router } = renderApp(address)
    await waitFor(() => expect(currentLocation(router)).toBe(`/enter?next=${encodeURIComponent(address)}`))
  })
})

describe('the anonymous order after sign-in [RG-47, RG-48]', () => {
  it('creates the order from the chosen ids once the visitor has signed in', async () => {
    const requests = recordOrders()
    const user = userEvent.setup()
    const { router } = renderApp('/select-package-c', { session: { sPCRequireAuth: 'false' } })
    await screen.findAllByTestId('product-card')
    await user.click(screen.getByRole('radio', { name: 'رژیم یک ماهه' }))
    await user.click(screen.getByRole('button', { name: 'تکمیل خرید' }))
    await waitFor(() => expect(currentLocation(router)).toMatch(/^\/enter\?next=/))

    // Signing in ends on /enter-success, which follows the stored next address.
    signIn()
    await router.navigate('/enter-success')
    await waitFor(() => expect(currentLocation(router)).toBe('/checkout-new'))
    expect(requests.map((request) => request.body)).toEqual([
      expect.objectContaining({ productIds: [1], meta: { SPV: 'C' } }),
    ])
  })
})
