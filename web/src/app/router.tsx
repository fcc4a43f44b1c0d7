import { createHashRouter, redirect, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { fallbackPath, paths } from '@/config/paths'
// Deep imports, not the feature indexes: an index would pull every screen of its feature into the first bundle.
import { AuthScreen } from '@/features/auth/components/auth-screen'
import { revalidateUnlessOverlayChanged } from '@/features/shop/hooks/use-overlay-param'
import { wizardPageGuard } from '@/features/shop/wizard/page-guard'
import type { FlowId } from '@/features/quiz/types'
import {
  authScreenGuard,
  enterSuccessLoader,
  requireAuth,
  resultGuard,
  selectPackageCGuard,
  selectPackageFGuard,
  userPanelLoader,
} from './guards'
import { loadChunk } from './chunk-load'
import { lazyRoute } from './lazy-route'
import { konkurLanding, oldDietLanding, psychologyLanding } from './routes/landings'
import { logoutLoader } from './routes/logout-loader'
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

/**
 * A route whose loader always redirects. It renders nothing, and says so with `element: null`: a route without an
 * element makes React Router warn "does not have an element" while the redirect is under way.
 */
const redirectOnly = (route: Pick<RouteObject, 'path' | 'loader'>): RouteObject => ({ ...route, element: null })

/**
 * Screens loaded on first visit, each its own chunk [ER-11]. Only what the landing shows an anonymous visitor (the
 * sign-in popup over `/` → the package wizard → /enter) is in the first bundle; `scripts/size-report.mjs` holds
 * it to its budget.
 */
const selectPackageC = () => import('@/features/shop/components/select-package-c')
const selectPackageF = () => import('@/features/shop/wizard/components/select-package-f')
const createOrderWithIds = () => import('@/features/shop/components/create-order-with-product-ids')
const partnerBundle = () => import('@/features/shop/components/partner-bundle-landing')
const supportChat = () => import('@/features/shop/components/support-chat')
const checkout = () => import('@/features/checkout')
const creditOffers = () => import('@/features/payment/components/credit-offers')
const paymentPopup = () => import('@/features/payment/components/payment-method-popup')
const quizLoaders = () => import('@/features/quiz/loaders')
const giftCard = () => import('@/features/giftcard')
const orders = () => import('@/features/orders')
const diets = () => import('@/features/panel/components/diets-page')
const franchise = () => import('@/features/franchise/components/franchise-page')
const olderPackage = () => import('@/features/shop/older/older-package-page')
const userPanel = () => import('./routes/user-panel-page')
const logout = () => import('@/features/auth/components/logout-page')
const quizSteps = () => import('@/features/quiz/components/quiz-step-page')
const quizLoading = () => import('@/features/quiz/components/loading-pages')
const quizResults = () => import('@/features/quiz/components/results/flow-result-pages')
const dietRequest = () => import('@/features/quiz/components/diet-request-page')
const resultPages = () => import('@/features/quiz/components/extend-diet-page')
const bettermeResult = () => import('@/features/quiz/components/results/betterme-result-page')
const paymentSuccess = () => import('@/features/payment/components/payment-success-page')
const paymentFail = () => import('@/features/payment/components/payment-fail-page')
const transferForms = () => import('@/features/payment/transfer/transfer-form-page')

/** A transfer form with the checkout's error section. */
const transferScreen = async () => {
  const [form, page] = await Promise.all([transferForms(), checkout()])
  return { ...form, CheckoutErrorSection: page.CheckoutErrorSection }
}

/** The checkout with its payment popup and support chat, each from its own chunk. */
const checkoutScreen = async () => {
  const [page, popup, chat] = await Promise.all([checkout(), paymentPopup(), supportChat()])
  return { ...page, PaymentMethodPopup: popup.PaymentMethodPopup, SupportChat: chat.SupportChat }
}

/** The package list with the credit offers under it. */
const selectPackageCScreen = async () => {
  const [page, offers] = await Promise.all([selectPackageC(), creditOffers()])
  return { ...page, CreditOffers: offers.CreditOffers }
}

/** A loader whose code lives in a chunk, loaded with the screen's other code on first visit [ER-11]. */
const lazyLoader =
  <M,>(load: () => Promise<M>, pick: (module: M) => LoaderFunction): LoaderFunction =>
  async (args, context) =>
    pick(await loadChunk(load))(args, context)

const quizStepLoader = (flowId: FlowId, landing?: LoaderFunction) =>
  lazyLoader(quizLoaders, (m) => m.quizStepLoader(flowId, landing))
const goodLookingLandingLoader = (landing: LoaderFunction) =>
  lazyLoader(quizLoaders, (m) => m.goodLookingLandingLoader(landing))

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
      lazyRoute(
        { path: '/select-package-c', loader: selectPackageCGuard, shouldRevalidate: revalidateUnlessOverlayChanged },
        selectPackageCScreen,
        (m) => <m.SelectPackageCPage creditOffers={<m.CreditOffers />} />,
      ),
      lazyRoute(
        {
          path: '/select-package-f/:id',
          loader: async (args: LoaderFunctionArgs) => (await selectPackageFGuard(args)) ?? wizardPageGuard(args),
        },
        selectPackageF,
        (m) => <m.SelectPackageFPage />,
      ),
      redirectOnly({ path: '/select-package-a', loader: toFallback }),
      redirectOnly({ path: '/select-package-b', loader: toFallback }),
      redirectOnly({ path: '/select-package-d', loader: toFallback }),
      redirectOnly({ path: '/select-package-e', loader: toFallback }),
      redirectOnly({ path: '/select-package-f', loader: toFallback }),
      redirectOnly({ path: '/select-category-packages/:category', loader: toFallback }),
      redirectOnly({ path: '/install-tara', loader: toFallback }),

      // Checkout and payment
      lazyRoute({ path: '/checkout-new', loader: requireAuth }, checkoutScreen, (m) => (
        <m.CheckoutPage PaymentSheet={m.PaymentMethodPopup} supportChat={<m.SupportChat />} />
      )),
      redirectOnly({ path: '/checkout', loader: redirectBy(checkoutTarget) }),
      redirectOnly({ path: '/payment-result', loader: redirectBy(paymentResultTarget) }),
      // With the panel's next step (the diet questions), from the panel's chunk.
      lazyRoute({ path: '/payment-success' }, () => Promise.all([paymentSuccess(), diets()]), ([m, panel]) => (
        <m.PaymentSuccessPage NextStep={panel.QuestionsNextStep} />
      )),
      lazyRoute({ path: '/payment-fail' }, paymentFail, (m) => <m.PaymentFailPage />),
      lazyRoute({ path: '/pay-card', loader: requireAuth }, transferScreen, (m) => (
        <m.TransferFormPage gateway="C2C" ErrorSection={m.CheckoutErrorSection} />
      )),
      lazyRoute({ path: '/pay-card-success' }, transferForms, (m) => <m.PayCardSuccessPage />),
      lazyRoute({ path: '/paypal-pay-card', loader: requireAuth }, transferScreen, (m) => (
        <m.TransferFormPage gateway="PAYPAL_ROSHANDEL" ErrorSection={m.CheckoutErrorSection} />
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
      lazyRoute({ path: '/user-panel', loader: userPanelLoader }, userPanel, (m) => <m.UserPanelPage />),
      lazyRoute({ path: paths.ordersHistory, loader: requireAuth }, orders, (m) => <m.OrdersHistoryPage />),
      lazyRoute({ path: paths.reserve, loader: requireAuth }, orders, (m) => <m.ReservePage />),
      lazyRoute({ path: '/CreateOderWithProductIds', loader: requireAuth }, createOrderWithIds, (m) => (
        <m.CreateOrderWithProductIdsPage />
      )),
      lazyRoute({ path: '/partner-bundle-landing' }, partnerBundle, (m) => <m.PartnerBundleLandingPage />),
      lazyRoute({ path: paths.limooCardIntro }, giftCard, (m) => <m.LimooCardIntroPage />),
      lazyRoute({ path: '/limoocard' }, giftCard, (m) => <m.GiftCardFormPage />),
      lazyRoute({ path: '/limoocard-result' }, giftCard, (m) => <m.GiftResultPage />),
      lazyRoute({ path: '/select-limoocard-options' }, giftCard, (m) => <m.GiftProductsPage />),
      lazyRoute({ path: '/diets' }, diets, (m) => <m.DietsPage />),
      lazyRoute({ path: paths.franchise, loader: requireAuth }, franchise, (m) => <m.FranchisePage />),
      // The older package selection; returning users come back to it from select-package-c [RG-51].
      lazyRoute({ path: paths.dietsExtend, loader: requireAuth }, olderPackage, (m) => <m.OlderPackagePage />),
      lazyRoute({ path: paths.dietsExtendBack, loader: requireAuth }, olderPackage, (m) => <m.OlderPackagePage />),
      lazyRoute({ path: '/logout', loader: logoutLoader }, logout, (m) => <m.LogoutPage />),

      // Everything else [RG-01]
      redirectOnly({ path: '*', loader: toFallback }),
    ],
  },
]

export type AppRouter = ReturnType<typeof createHashRouter>

export function createAppRouter(): AppRouter {
  return createHashRouter(routes)
}
