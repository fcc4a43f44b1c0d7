/**
 * Route paths of the app (spec 1 §2). The router is hash-based: `href` builds the `#/…` address for links
 * outside the router; inside it, navigate with the plain path.
 */
export const paths = {
  home: '/',
  enter: '/enter',
  enterSuccess: '/enter-success',
  selectPackage: '/select-package',
  selectPackageC: '/select-package-c',
  selectPackageD: '/select-package-d',
  selectPackageF: (page: number | string = 1) => `/select-package-f/${page}`,
  selectCategoryPackages: (category: string) => `/select-category-packages/${encodeURIComponent(category)}`,
  checkout: '/checkout',
  checkoutNew: '/checkout-new',
  paymentResult: '/payment-result',
  paymentSuccess: '/payment-success',
  paymentFail: '/payment-fail',
  ordersHistory: '/orders-history',
  reserve: '/reserve',
  /** The Limoo-card intro: spec 2 names the screen, not its path. */
  limooCardIntro: '/limoo-card-intro',
  diets: '/diets',
  franchise: '/franchise',
  dietsExtend: '/diets/extend',
  dietsExtendBack: '/diets/extend/back',
  logout: '/logout',
} as const

/** The landing page for unknown and retired paths [RG-01, RG-13, RG-14]. */
export const fallbackPath = paths.selectPackageF(1)

export function href(path: string): string {
  return `#${path.startsWith('/') ? path : `/${path}`}`
}

/** Path plus query string; an empty query adds nothing. */
export function withQuery(path: string, query: URLSearchParams): string {
  const search = query.toString()
  return search ? `${path}?${search}` : path
}
