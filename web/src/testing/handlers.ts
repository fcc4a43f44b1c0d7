import { HttpResponse } from 'msw'
import { catalogue } from './data/products'
import { http } from './http'

/** Default answers of the BFF for unit tests; a test overrides them with `server.use(...)`. */
export const handlers = [
  http.get('/lemonade/api/products', () => HttpResponse.json(catalogue())),
]
