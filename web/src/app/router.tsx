import { createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { Placeholder } from '@/components/ui/placeholder'
import type { ScreenTitleKey } from '@/components/ui/screen-title'
import { fallbackPath } from '@/config/paths'
import { SelectPackageCPage } from '@/features/shop'
import { requireAuth } from './guards'
import { RootLayout, RootLayoutFallback } from './routes/root-layout'
import { rootLoader } from './routes/root-loader'
import {
  checkoutTarget,
  homeTarget,
  paymentResultTarget,
  selectPackageTarget,
} from './routes/redirects'

/** The complete route table of spec 1 §2, in one place. */

const toFallback = () => redirect(fallbackPath)
const redirectBy = (target: (url: URL) => string) => ({ request }: LoaderFunctionArgs) =>
  redirect(target(new URL(request.url)))

/** A screen of a later slice: its title only. */
const screen = (path: string, titleKey: ScreenTitleKey, guarded = false): RouteObject => ({
  path,
  element: <Placeholder titleKey={titleKey} />,
  ...(guarded ? { loader: requireAuth } : {}),
})

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    loader: rootLoader,
    hydrateFallbackElement: <RootLayoutFallback />,
    children: [
      { index: true, loader: redirectBy(homeTarget) },

      // Sign-in (identity slice)
      screen('/enter', 'enter'),
      screen('/enter-email', 'enterEmail'),
      screen('/register-with-mobile', 'registerWithMobile'),
      screen('/register-with-email', 'registerWithEmail'),
      screen('/login-with-mobile', 'loginWithMobile'),
      screen('/login-with-email', 'loginWithEmail'),
      screen('/login-with-file-number', 'loginWithFileNumber'),
      screen('/login-with-reverse-otp', 'loginWithReverseOtp'),
      screen('/enter-success', 'enterSuccess'),

      // Package selection
      { path: '/select-package', loader: redirectBy(selectPackageTarget) },
      { path: '/select-package-c', loader: requireAuth, element: <SelectPackageCPage /> },
      screen('/select-package-f/:id', 'selectPackageF', true),
      { path: '/select-package-a', loader: toFallback },
      { path: '/select-package-b', loader: toFallback },
      { path: '/select-package-d', loader: toFallback },
      { path: '/select-package-e', loader: toFallback },
      { path: '/select-package-f', loader: toFallback },
      { path: '/select-category-packages/:category', loader: toFallback },
      { path: '/install-tara', loader: toFallback },

      // Checkout and payment
      screen('/checkout-new', 'checkout', true),
      { path: '/checkout', loader: redirectBy(checkoutTarget) },
      { path: '/payment-result', loader: redirectBy(paymentResultTarget) },
      screen('/payment-success', 'paymentSuccess'),
      screen('/payment-fail', 'paymentFail'),
      screen('/pay-card', 'payCard'),
      screen('/pay-card-success', 'payCardSuccess'),
      screen('/paypal-pay-card', 'paypalPayCard'),

      // Questionnaires and results
      screen('/result', 'result'),
      screen('/prepare-result', 'prepareResult'),
      screen('/konkur/:id', 'konkur'),
      screen('/konkur-result', 'konkurResult'),
      screen('/prepare-konkur-result', 'prepareKonkurResult'),
      screen('/betterme/:id', 'betterme'),
      screen('/prepare-betterme-result', 'prepareBettermeResult'),
      screen('/betterme-result', 'bettermeResult'),
      screen('/nowruz/:id', 'nowruz'),
      screen('/prepare-nowruz-result', 'prepareNowruzResult'),
      screen('/nowruz-result', 'nowruzResult'),
      screen('/psychology/:id', 'psychology'),
      screen('/prepare-psychology-result', 'preparePsychologyResult'),
      screen('/psychology-result', 'psychologyResult'),
      {
        // /bm_{id}: the old diet landing. Any other single segment is unknown [RG-01].
        path: '/:landing',
        loader: ({ params }: LoaderFunctionArgs) => (params.landing?.startsWith('bm_') ? null : redirect(fallbackPath)),
        element: <Placeholder titleKey="bmLanding" />,
      },

      // Panel, orders and gift cards
      screen('/user-panel', 'userPanel', true),
      screen('/orders-history', 'ordersHistory'),
      screen('/reserve', 'reserve'),
      screen('/CreateOderWithProductIds', 'createOrderWithProductIds'),
      screen('/partner-bundle-landing', 'partnerBundleLanding'),
      screen('/limoocard', 'limoocard'),
      screen('/limoocard-result', 'limoocardResult'),
      screen('/select-limoocard-options', 'selectLimoocardOptions'),
      screen('/diets', 'diets'),
      screen('/diets/extend/back', 'dietsExtendBack'),
      screen('/logout', 'logout'),

      // Everything else [RG-01]
      { path: '*', loader: toFallback },
    ],
  },
]

export function createAppRouter() {
  return createHashRouter(routes)
}
