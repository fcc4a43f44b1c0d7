import { createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { fallbackPath, paths } from '@/config/paths'
import { AuthScreen, LogoutPage } from '@/features/auth'
import { CheckoutErrorSection, CheckoutPage } from '@/features/checkout'
// Deep imports, not the feature indexes: what the lazy routes below import must stay out of the first bundle.
import { CreditOffers } from '@/features/payment/components/credit-offers'
import { PaymentMethodPopup } from '@/features/payment/components/payment-method-popup'
import { goodLookingLandingLoader, quizStepLoader } from '@/features/quiz/loaders'
import { GiftCardFormPage, GiftProductsPage, GiftResultPage, LimooCardIntroPage } from '@/features/giftcard'
import { OrdersHistoryPage, ReservePage } from '@/features/orders'
import { DietsPage } from '@/features/panel'
import {
  CreateOrderWithProductIdsPage,
  OlderPackagePage,
  PartnerBundleLandingPage,
  revalidateUnlessOverlayChanged,
  SelectPackageCPage,
  SelectPackageFPage,
  SupportChat,
  wizardPageGuard,
} from '@/features/shop'
import {
  authScreenGuard,
  enterSuccessLoader,
  requireAuth,
  resultGuard,
  selectPackageCGuard,
  selectPackageFGuard,
  userPanelLoader,
} from './guards'
import { lazyRoute } from './lazy-route'
import { konkurLanding, oldDietLanding, psychologyLanding } from './routes/landings'
import { logoutLoader } from './routes/logout-loader'
import { RootLayout, RootLayoutFallback } from './routes/root-layout'
import { rootLoader } from './routes/root-loader'
import { UserPanelPage } from './routes/user-panel-page'
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

/**
 * A route whose loader always redirects. It renders nothing, and says so with `element: null`: a route without an
 * element makes React Router warn "does not have an element" while the redirect is under way.
 */
const redirectOnly = (route: Pick<RouteObject, 'path' | 'loader'>): RouteObject => ({ ...route, element: null })

/**
 * Screens loaded on first visit, each its own chunk [ER-11]: the questionnaires, the diet-request form and the
 * payment result and transfer pages, rarely where a visit starts. The sign-in popup and the package pages stay in
 * the first bundle.
 */
const quizSteps = () => import('@/features/quiz/components/quiz-step-page')
const quizLoading = () => import('@/features/quiz/components/loading-pages')
const quizResults = () => import('@/features/quiz/components/results/flow-result-pages')
const dietRequest = () => import('@/features/quiz/components/diet-request-page')
const resultPages = () => import('@/features/quiz/components/extend-diet-page')
const bettermeResult = () => import('@/features/quiz/components/results/betterme-result-page')
const paymentSuccess = () => import('@/features/payment/components/payment-success-page')
const paymentFail = () => import('@/features/payment/components/payment-fail-page')
const transferForms = () => import('@/features/payment/transfer/transfer-form-page')

/** An authentication screen: the sign-in popup over the page [RG-03…RG-05]. */
const authScreen = (path: string): RouteObject => ({ path, loader: authScreenGuard, element: <AuthScreen /> })

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    loader: rootLoader,
    hydrateFallbackElement: <RootLayoutFallback />,
    children: [
      { index: true, loader: redirectBy(homeTarget), element: null },

      // Sign-in (identity slice)
      authScreen('/enter'),
      authScreen('/enter-email'),
      authScreen('/register-with-mobile'),
      authScreen('/register-with-email'),
      authScreen('/login-with-mobile'),
      authScreen('/login-with-email'),
      authScreen('/login-with-file-number'),
      authScreen('/login-with-reverse-otp'),
      redirectOnly({ path: '/enter-success', loader: enterSuccessLoader }),

      // Package selection
      redirectOnly({ path: '/select-package', loader: redirectBy(selectPackageTarget) }),
      {
        path: '/select-package-c',
        loader: selectPackageCGuard,
        shouldRevalidate: revalidateUnlessOverlayChanged,
        element: <SelectPackageCPage creditOffers={<CreditOffers />} />,
      },
      {
        path: '/select-package-f/:id',
        loader: async (args: LoaderFunctionArgs) => (await selectPackageFGuard(args)) ?? wizardPageGuard(args),
        element: <SelectPackageFPage />,
      },
      redirectOnly({ path: '/select-package-a', loader: toFallback }),
      redirectOnly({ path: '/select-package-b', loader: toFallback }),
      redirectOnly({ path: '/select-package-d', loader: toFallback }),
      redirectOnly({ path: '/select-package-e', loader: toFallback }),
      redirectOnly({ path: '/select-package-f', loader: toFallback }),
      redirectOnly({ path: '/select-category-packages/:category', loader: toFallback }),
      redirectOnly({ path: '/install-tara', loader: toFallback }),

      // Checkout and payment
      {
        path: '/checkout-new',
        loader: requireAuth,
        element: <CheckoutPage PaymentSheet={PaymentMethodPopup} supportChat={<SupportChat />} />,
      },
      redirectOnly({ path: '/checkout', loader: redirectBy(checkoutTarget) }),
      redirectOnly({ path: '/payment-result', loader: redirectBy(paymentResultTarget) }),
      lazyRoute({ path: '/payment-success' }, paymentSuccess, (m) => <m.PaymentSuccessPage />),
      lazyRoute({ path: '/payment-fail' }, paymentFail, (m) => <m.PaymentFailPage />),
      lazyRoute({ path: '/pay-card', loader: requireAuth }, transferForms, (m) => (
        <m.TransferFormPage gateway="C2C" ErrorSection={CheckoutErrorSection} />
      )),
      lazyRoute({ path: '/pay-card-success' }, transferForms, (m) => <m.PayCardSuccessPage />),
      lazyRoute({ path: '/paypal-pay-card', loader: requireAuth }, transferForms, (m) => (
        <m.TransferFormPage gateway="PAYPAL_ROSHANDEL" ErrorSection={CheckoutErrorSection} />
      )),

      // Questionnaires and results (spec 3 §2)
      lazyRoute({ path: '/result', loader: resultGuard }, resultPages, (m) => <m.ResultPage />),
      lazyRoute({ path: '/extend-diet' }, resultPages, (m) => <m.ExtendDietPage />),
      lazyRoute({ path: '/form/:formId' }, dietRequest, (m) => <m.DietRequestPage />),
      lazyRoute({ path: '/finish' }, dietRequest, (m) => <m.FinishPage />),
      lazyRoute({ path: '/prepare-result' }, quizLoading, (m) => <m.PrepareResultPage flowId="good-looking" />),
      lazyRoute({ path: '/konkur/:id', loader: quizStepLoader('konkur', konkurLanding) }, quizSteps, (m) => (
        <m.QuizStepPage flowId="konkur" />
      )),
      lazyRoute({ path: '/konkur-result', loader: konkurLanding }, quizResults, (m) => <m.KonkurResultPage />),
      lazyRoute({ path: '/prepare-konkur-result', loader: konkurLanding }, quizLoading, (m) => (
        <m.PrepareResultPage flowId="konkur" />
      )),
      lazyRoute({ path: '/betterme/:id', loader: quizStepLoader('betterme') }, quizSteps, (m) => (
        <m.QuizStepPage flowId="betterme" />
      )),
      lazyRoute({ path: '/prepare-betterme-result' }, quizLoading, (m) => <m.BettermeLoadingPage />),
      lazyRoute({ path: '/betterme-result' }, bettermeResult, (m) => <m.BettermeResultPage loginPopup={<AuthScreen />} />),
      lazyRoute({ path: '/nowruz/:id', loader: quizStepLoader('nowruz') }, quizSteps, (m) => (
        <m.QuizStepPage flowId="nowruz" />
      )),
      lazyRoute({ path: '/prepare-nowruz-result' }, quizLoading, (m) => <m.PrepareResultPage flowId="nowruz" />),
      lazyRoute({ path: '/nowruz-result' }, quizResults, (m) => <m.NowruzResultPage />),
      lazyRoute({ path: '/psychology/:id', loader: quizStepLoader('psychology', psychologyLanding) }, quizSteps, (m) => (
        <m.QuizStepPage flowId="psychology" />
      )),
      lazyRoute({ path: '/prepare-psychology-result', loader: psychologyLanding }, quizLoading, (m) => (
        <m.PrepareResultPage flowId="psychology" />
      )),
      lazyRoute({ path: '/psychology-result', loader: psychologyLanding }, quizResults, (m) => (
        <m.PsychologyResultPage />
      )),
      // /bm_f1 … /bm_f17: the good-looking steps; other /bm_{id}: the old diet landing; any other segment is unknown.
      lazyRoute({ path: '/:landing', loader: goodLookingLandingLoader(oldDietLanding) }, quizSteps, (m) => (
        <m.GoodLookingLandingPage />
      )),

      // Panel, orders and gift cards
      { path: '/user-panel', loader: userPanelLoader, element: <UserPanelPage /> },
      { path: paths.ordersHistory, loader: requireAuth, element: <OrdersHistoryPage /> },
      { path: paths.reserve, loader: requireAuth, element: <ReservePage /> },
      { path: '/CreateOderWithProductIds', loader: requireAuth, element: <CreateOrderWithProductIdsPage /> },
      { path: '/partner-bundle-landing', element: <PartnerBundleLandingPage /> },
      { path: paths.limooCardIntro, element: <LimooCardIntroPage /> },
      { path: '/limoocard', element: <GiftCardFormPage /> },
      { path: '/limoocard-result', element: <GiftResultPage /> },
      { path: '/select-limoocard-options', element: <GiftProductsPage /> },
      { path: '/diets', element: <DietsPage /> },
      // The older package selection; returning users come back to it from select-package-c [RG-51].
      { path: paths.dietsExtend, loader: requireAuth, element: <OlderPackagePage /> },
      { path: paths.dietsExtendBack, loader: requireAuth, element: <OlderPackagePage /> },
      { path: '/logout', loader: logoutLoader, element: <LogoutPage /> },

      // Everything else [RG-01]
      redirectOnly({ path: '*', loader: toFallback }),
    ],
  },
]

export function createAppRouter() {
  return createHashRouter(routes)
}
