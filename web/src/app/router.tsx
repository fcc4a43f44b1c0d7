import { createHashRouter, redirect, type LoaderFunctionArgs, type Params, type RouteObject } from 'react-router'
import { Placeholder } from '@/components/ui/placeholder'
import type { ScreenTitleKey } from '@/components/ui/screen-title'
import { fallbackPath, paths } from '@/config/paths'
import { AuthScreen, LogoutPage } from '@/features/auth'
import { CheckoutErrorSection, CheckoutPage } from '@/features/checkout'
import {
  CreditOffers,
  PayCardSuccessPage,
  PaymentFailPage,
  PaymentMethodPopup,
  PaymentSuccessPage,
  TransferFormPage,
} from '@/features/payment'
import {
  BettermeLoadingPage,
  BettermeResultPage,
  DietRequestPage,
  ExtendDietPage,
  FinishPage,
  goodLookingLandingLoader,
  GoodLookingLandingPage,
  KonkurResultPage,
  NowruzResultPage,
  PrepareResultPage,
  PsychologyResultPage,
  QuizStepPage,
  quizStepLoader,
  ResultPage,
} from '@/features/quiz'
import { GiftCardFormPage, GiftProductsPage, GiftResultPage, LimooCardIntroPage } from '@/features/giftcard'
import { OrdersHistoryPage, ReservePage } from '@/features/orders'
import {
  CreateOrderWithProductIdsPage,
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
import { konkurLanding, oldDietLanding, psychologyLanding } from './routes/landings'
import { logoutLoader } from './routes/logout-loader'
import { RootLayout, RootLayoutFallback, type RouteHandle } from './routes/root-layout'
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

/** A screen of a later slice: its title only. */
const screen = (path: string, titleKey: ScreenTitleKey, loader?: RouteObject['loader']): RouteObject => ({
  path,
  element: <Placeholder titleKey={titleKey} />,
  ...(loader ? { loader } : {}),
})

/** An authentication screen: the sign-in popup over the page [RG-03…RG-05]. */
const authScreen = (path: string): RouteObject => ({ path, loader: authScreenGuard, element: <AuthScreen /> })

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    loader: rootLoader,
    hydrateFallbackElement: <RootLayoutFallback />,
    children: [
      { index: true, loader: redirectBy(homeTarget) },

      // Sign-in (identity slice)
      authScreen('/enter'),
      authScreen('/enter-email'),
      authScreen('/register-with-mobile'),
      authScreen('/register-with-email'),
      authScreen('/login-with-mobile'),
      authScreen('/login-with-email'),
      authScreen('/login-with-file-number'),
      authScreen('/login-with-reverse-otp'),
      { path: '/enter-success', loader: enterSuccessLoader },

      // Package selection
      { path: '/select-package', loader: redirectBy(selectPackageTarget) },
      {
        path: '/select-package-c',
        loader: selectPackageCGuard,
        shouldRevalidate: revalidateUnlessOverlayChanged,
        element: <SelectPackageCPage creditOffers={<CreditOffers />} />,
      },
      {
        path: '/select-package-f/:id',
        loader: async (args: LoaderFunctionArgs) => (await selectPackageFGuard(args)) ?? wizardPageGuard(args),
        // Pages after the first carry their own top nav instead of the top bar [RG-52].
        handle: { hidesTopBar: (params: Params) => params.id !== '1' } satisfies RouteHandle,
        element: <SelectPackageFPage />,
      },
      { path: '/select-package-a', loader: toFallback },
      { path: '/select-package-b', loader: toFallback },
      { path: '/select-package-d', loader: toFallback },
      { path: '/select-package-e', loader: toFallback },
      { path: '/select-package-f', loader: toFallback },
      { path: '/select-category-packages/:category', loader: toFallback },
      { path: '/install-tara', loader: toFallback },

      // Checkout and payment
      {
        path: '/checkout-new',
        loader: requireAuth,
        element: <CheckoutPage PaymentSheet={PaymentMethodPopup} supportChat={<SupportChat />} />,
      },
      { path: '/checkout', loader: redirectBy(checkoutTarget) },
      { path: '/payment-result', loader: redirectBy(paymentResultTarget) },
      { path: '/payment-success', element: <PaymentSuccessPage /> },
      { path: '/payment-fail', element: <PaymentFailPage /> },
      {
        path: '/pay-card',
        loader: requireAuth,
        element: <TransferFormPage gateway="C2C" ErrorSection={CheckoutErrorSection} />,
      },
      { path: '/pay-card-success', element: <PayCardSuccessPage /> },
      {
        path: '/paypal-pay-card',
        loader: requireAuth,
        element: <TransferFormPage gateway="PAYPAL_ROSHANDEL" ErrorSection={CheckoutErrorSection} />,
      },

      // Questionnaires and results (spec 3 §2)
      { path: '/result', loader: resultGuard, element: <ResultPage /> },
      { path: '/extend-diet', element: <ExtendDietPage /> },
      { path: '/form/:formId', element: <DietRequestPage /> },
      { path: '/finish', element: <FinishPage /> },
      { path: '/prepare-result', element: <PrepareResultPage flowId="good-looking" /> },
      { path: '/konkur/:id', loader: quizStepLoader('konkur', konkurLanding), element: <QuizStepPage flowId="konkur" /> },
      { path: '/konkur-result', loader: konkurLanding, element: <KonkurResultPage /> },
      { path: '/prepare-konkur-result', loader: konkurLanding, element: <PrepareResultPage flowId="konkur" /> },
      { path: '/betterme/:id', loader: quizStepLoader('betterme'), element: <QuizStepPage flowId="betterme" /> },
      { path: '/prepare-betterme-result', element: <BettermeLoadingPage /> },
      { path: '/betterme-result', element: <BettermeResultPage loginPopup={<AuthScreen />} /> },
      { path: '/nowruz/:id', loader: quizStepLoader('nowruz'), element: <QuizStepPage flowId="nowruz" /> },
      { path: '/prepare-nowruz-result', element: <PrepareResultPage flowId="nowruz" /> },
      { path: '/nowruz-result', element: <NowruzResultPage /> },
      {
        path: '/psychology/:id',
        loader: quizStepLoader('psychology', psychologyLanding),
        element: <QuizStepPage flowId="psychology" />,
      },
      {
        path: '/prepare-psychology-result',
        loader: psychologyLanding,
        element: <PrepareResultPage flowId="psychology" />,
      },
      { path: '/psychology-result', loader: psychologyLanding, element: <PsychologyResultPage /> },
      // /bm_f1 … /bm_f17: the good-looking steps; other /bm_{id}: the old diet landing; any other segment is unknown.
      { path: '/:landing', loader: goodLookingLandingLoader(oldDietLanding), element: <GoodLookingLandingPage /> },

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
      screen('/diets', 'diets'),
      screen('/diets/extend/back', 'dietsExtendBack'),
      { path: '/logout', loader: logoutLoader, element: <LogoutPage /> },

      // Everything else [RG-01]
      { path: '*', loader: toFallback },
    ],
  },
]

export function createAppRouter() {
  return createHashRouter(routes)
}
