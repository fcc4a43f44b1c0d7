import { useEffect } from 'react'
import { Outlet, useLocation, useMatches, type Params } from 'react-router'
import { TopBar } from '@/components/ui/top-bar'
import { SideMenu } from '@/features/auth'
import { useIsLoggedIn } from '@/components/hooks/use-is-logged-in'
import { trackPageView } from '@/lib/analytics'

/** One page-view event per rendered route; redirect-only routes never render, so they send none [RG-40]. */
function usePageViews() {
  const { pathname } = useLocation()
  useEffect(() => {
    trackPageView(pathname)
  }, [pathname])
}

/** What a route may tell the layout through its `handle`. */
export interface RouteHandle {
  /** True where the page draws its own top nav in place of the top bar. */
  hidesTopBar?: (params: Params) => boolean
}

function useTopBarHidden() {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hidesTopBar?.(match.params) ?? false)
}

export function RootLayout() {
  const loggedIn = useIsLoggedIn()
  const topBarHidden = useTopBarHidden()
  usePageViews()
  return (
    <div className="app-shell">
      {topBarHidden ? null : <TopBar start={loggedIn ? <SideMenu /> : undefined} />}
      <main className="app-shell__main">
        <Outlet />
      </main>
    </div>
  )
}

/** Shown for the instant before the first route's loaders have run. */
export function RootLayoutFallback() {
  return (
    <div className="app-shell">
      <TopBar />
    </div>
  )
}
