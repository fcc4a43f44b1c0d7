import { Outlet } from 'react-router'
import { TopBar } from '@/components/ui/top-bar'

export function RootLayout() {
  return (
    <div className="app-shell">
      <TopBar />
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
