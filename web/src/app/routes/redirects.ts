import { readSetting, settings, writeSetting } from '@/config/flags'
import { fallbackPath, paths, withQuery } from '@/config/paths'
import { DEFAULT_PRODUCTS_TAG } from '@/config/env'

/** Where redirect-only routes send the visitor; pure apart from the session flags spec 1 §2 says they set. */

/** `/`: with a user-panel or gln package flag, to /select-package keeping the query; else the default landing. */
export function homeTarget(url: URL): string {
  return settings.isGlnPackage() || settings.isUserPanelPackage()
    ? withQuery(paths.selectPackage, url.searchParams)
    : fallbackPath
}

/**
 * `/select-package` [RG-11]: source=panel sets the user-panel flag, anything else the gln flag. selectPackageType
 * A, B or D goes to that page (each redirects on to the wizard); otherwise the wizard when the default select page
 * (`selectCOrF`, default F) is F and the products tag (default DIET) is DIET, else select-package-c. The query is kept.
 */
export function selectPackageTarget(url: URL): string {
  const query = url.searchParams
  if (query.get('source') === 'panel') writeSetting('isUserPanelPackage', 'true')
  else writeSetting('isGlnPackage', 'true')

  const type = (query.get('selectPackageType') ?? readSetting('selectPackageType') ?? '').trim().toLowerCase()
  if (type === 'a' || type === 'b' || type === 'd') return withQuery(`/select-package-${type}`, query)

  const defaultPage = (query.get('selectCOrF') ?? settings.selectCOrF()).trim().toUpperCase()
  const productsTag = (query.get('productsTag') ?? settings.productsTag()).trim().toUpperCase()
  const toWizard = defaultPage === 'F' && productsTag === DEFAULT_PRODUCTS_TAG
  return withQuery(toWizard ? paths.selectPackageF(1) : paths.selectPackageC, query)
}

const PAYMENT_RESULT_DROPPED = ['status', 'code', 'paymentId'] as const

/**
 * `/payment-result`: status OK to /payment-success, NOK (or anything else) to /payment-fail, carrying the rest of
 * the query without status, code and paymentId.
 */
export function paymentResultTarget(url: URL): string {
  const status = url.searchParams.get('status')
  const rest = new URLSearchParams(url.searchParams)
  for (const key of PAYMENT_RESULT_DROPPED) rest.delete(key)
  return withQuery(status === 'OK' ? paths.paymentSuccess : paths.paymentFail, rest)
}

/** `/checkout` keeps its query on the way to /checkout-new. */
export function checkoutTarget(url: URL): string {
  return withQuery(paths.checkoutNew, url.searchParams)
}
