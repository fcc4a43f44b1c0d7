import type { Middleware } from 'openapi-fetch'

/**
 * The language the page shows (`<html lang>`, which the app keeps in step with its texts), sent as `Accept-Language`
 * on every call: the BFF answers with texts of that language where it has them (the wizard's pages, the e-mail with
 * the sign-in code), not with the browser's preference.
 */
export function languageMiddleware(): Middleware {
  return {
    onRequest({ request }) {
      const language = document.documentElement.lang
      if (language !== '') request.headers.set('Accept-Language', language)
      return request
    },
  }
}
