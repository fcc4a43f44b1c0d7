import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { http } from '@/testing/http'
import { server } from '@/testing/server'
import { api } from './client'

const CONFIG = '/lemonade/api/app-config'

afterEach(() => {
  document.documentElement.lang = 'fa'
})

describe('the language of a call', () => {
  it.each(['tr', 'fa'])('names the language the page shows (%s), not the browser’s', async (language) => {
    document.documentElement.lang = language
    let sent: string | null = null
    server.use(
      http.get(CONFIG, ({ request }) => {
        sent = request.headers.get('Accept-Language')
        return HttpResponse.json({ paymentGateways: [] })
      }),
    )
    await api.GET(CONFIG)
    expect(sent).toBe(language)
  })
})
