import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { TopBar } from '@/components/ui/top-bar'
import { SideMenu } from '@/features/auth/components/side-menu'
import { useIsLoggedIn } from '@/components/hooks/use-is-logged-in'
import { trackPageView } from '@/lib/analytics'

/** One page-view event per rendered route; redirect-only routes never render, so they send none [RG-40]. */
function usePageViews(pathname: string) {
  useEffect(() => {
    trackPageView(pathname)
  }, [pathname])
}

export function RootLayout() {
  const loggedIn = useIsLoggedIn()
  const { pathname } = useLocation()
  usePageViews(pathname)
  return (
    <div className="app-shell">
      {/* On every page, the wizard's later pages too: the menu must stay reachable (spec 2 §2 "Logo and burger menu"). */}
      <TopBar start={loggedIn ? <SideMenu /> : undefined} />
      {/* data-route: the route on screen, which lags the address while a navigation's loaders and chunk load. */}
      <main className="app-shell__main" data-route={pathname}>
        <Outlet />
      </main>
    </div>
  )
}

/** Shown until the first route's loaders have run and its chunk loaded (seconds on a slow phone network). */
export function RootLayoutFallback() {
  return (
    <div className="app-shell">
      <TopBar />
      <div className="app-shell__loading" role="status" aria-label="در حال بارگیری" />
    </div>
  )
}
