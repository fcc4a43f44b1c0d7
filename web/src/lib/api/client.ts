import createClient, { type Middleware } from 'openapi-fetch'
import { botCheckMiddleware } from './bot-check'
import { languageMiddleware } from './language'
import type { paths } from './schema'
import { fetchWithTimeout } from './timeout'

/**
 * The typed BFF client. Types come only from `schema.d.ts`, generated from openapi/openapi.json by
 * `npm run gen:api`.
 *
 * The base URL is absolute (openapi-fetch cannot parse a relative one under jsdom). Every request goes out with a time
 * limit (`fetchWithTimeout`): a hung connection fails like a lost one instead of loading forever, and names the page's
 * language (`languageMiddleware`). Every client adds
 * the bot-check token to its POST bodies [AU-47], after the client's own `middleware`: a call that those refuse (an
 * authenticated call without a token) fails at once instead of waiting for the bot check first.
 */
export function createApiClient(baseUrl: string = window.location.origin, middleware: Middleware[] = []) {
  const client = createClient<paths>({
    baseUrl,
    fetch: fetchWithTimeout,
  })
  client.use(languageMiddleware(), ...middleware, botCheckMiddleware())
  return client
}

export const api = createApiClient()

export type ApiClient = ReturnType<typeof createApiClient>
