import type { ReactNode } from 'react'
import type { LoaderFunction, NonIndexRouteObject, RouteObject } from 'react-router'
import { loadLaterTexts } from '@/i18n'
import { loadChunk } from './chunk-load'
import { ChunkLoadErrorPage } from './routes/chunk-load-error-page'

/** What a lazily loaded screen's route declares up front: its address, the loader that guards it, when to rerun it. */
export type LazyScreenRoute = Pick<NonIndexRouteObject, 'path' | 'shouldRevalidate'> & { loader?: LoaderFunction }

/**
 * A screen whose code loads only when its route is first visited, with the texts of the screens after the first in
 * the language shown (`loadLaterTexts`: the first bundle holds only the landing's Persian texts): `render` builds the element from the imported module, and the
 * import fails with ChunkLoadError as `loadChunk` says [ER-11].
 *
 * A guarded screen's code loads once its loader let the visitor in, not beside it: React Router holds a redirect
 * until the route's `lazy` has settled, so the landing (`/` → the wizard → /enter for an anonymous visitor) would
 * wait for the wizard's chunks it never shows, on a phone's slow network. A screen without a loader uses `lazy`, which never reruns.
 *
 * The reload message sits on a pathless parent, not on the screen's own route: React Router never renders a route
 * whose `lazy` failed (it still counts as loading), so only an ancestor can show that error.
 */
export function lazyRoute<M>(route: LazyScreenRoute, load: () => Promise<M>, render: (module: M) => ReactNode): RouteObject {
  let screen: ReactNode
  const loadScreen = async () => {
    const [module] = await loadChunk(() => Promise.all([load(), loadLaterTexts()]))
    screen ??= render(module)
    return screen
  }
  const { loader: guard, ...rest } = route
  const screenRoute: RouteObject = guard
    ? {
        ...rest,
        loader: async (args, context) => {
          const verdict: unknown = await guard(args, context)
          if (!(verdict instanceof Response)) await loadScreen()
          return verdict
        },
        Component: () => screen,
      }
    : { ...rest, lazy: async () => ({ element: await loadScreen() }) }
  return { errorElement: <ChunkLoadErrorPage />, children: [screenRoute] }
}
