import { QueryClient } from '@tanstack/react-query'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { SHOP_SERVICE } from '@/config/env'
import { signIn } from '@/testing/auth'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { NO_PRODUCTS_EVENT, productsQueryOptions, productsRequestFromSettings } from './get-products'

interface SeenCall {
  authorization: string | null
  where: unknown
  utmCampaign: string | null
}

/** Records every products call and answers `products`. */
function recordProducts(products: unknown[] = []): SeenCall[] {
  const calls: SeenCall[] = []
  server.use(
    http.get('/lemonade/api/products', ({ request, query }) => {
      calls.push({
        authorization: request.headers.get('Authorization'),
        where: JSON.parse(query.get('where') ?? 'null'),
        utmCampaign: query.get('utmCampaign'),
      })
      return HttpResponse.json(products as never)
    }),
  )
  return calls
}

/** Records the analytics events sent. */
function recordEvents(): { action: string; category: string; label?: string }[] {
  const events: { action: string; category: string; label?: string }[] = []
  server.use(
    http.post('/lemonade/api/analytics', async ({ request }) => {
      events.push(await request.json())
      return HttpResponse.json({ id: 'event-1' })
    }),
  )
  return events
}

const fetchShopStep = () => new QueryClient().fetchQuery(productsQueryOptions(productsRequestFromSettings()))

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('the questionnaire shop step fetches the catalogue [PM-84, ER-64]', () => {
  it('asks anonymously without a token, for enabled shop products of the default DIET tag', async () => {
    const calls = recordProducts()
    await fetchShopStep()
    expect(calls).toEqual([
      { authorization: null, where: { service: SHOP_SERVICE, isEnabled: true, 'meta.tags': 'DIET' }, utmCampaign: null },
    ])
  })

  it('carries the token when one is stored, with the session productsTag and utm_campaign', async () => {
    const token = signIn()
    sessionStorage.setItem('productsTag', 'KONKUR')
    sessionStorage.setItem('utm_campaign', 'spring')
    const calls = recordProducts()
    await fetchShopStep()
    expect(calls).toEqual([
      {
        authorization: `Bearer ${token}`,
        where: { service: SHOP_SERVICE, isEnabled: true, 'meta.tags': 'KONKUR' },
        utmCampaign: 'spring',
      },
    ])
  })

  it('sends the no_products error event when the catalogue answers an empty list', async () => {
    recordProducts([])
    const events = recordEvents()
    await expect(fetchShopStep()).resolves.toEqual([])
    await expect.poll(() => events).toEqual([expect.objectContaining({ action: NO_PRODUCTS_EVENT, category: 'error', label: 'DIET' })])
  })

  it('sends no event when products come back', async () => {
    const calls = recordProducts([{ id: 1 }])
    const events = recordEvents()
    await fetchShopStep()
    expect(calls).toHaveLength(1)
    expect(events).toEqual([])
  })
})
