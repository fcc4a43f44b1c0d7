import type { ReactNode } from 'react'
import type { NonIndexRouteObject, RouteObject } from 'react-router'
import { loadLaterTexts } from '@/i18n'
import { loadChunk } from './chunk-load'
import { ChunkLoadErrorPage } from './routes/chunk-load-error-page'

/** What a lazily loaded screen's route declares up front: its address, the loader that guards it, when to rerun it. */
export type LazyScreenRoute = Pick<NonIndexRouteObject, 'path' | 'loader' | 'shouldRevalidate'>

/**
 * A screen whose code loads only when its route is first visited, with the texts of the screens after the first in
 * the language shown (`loadLaterTexts`: the first bundle holds only the landing's Persian texts): `render` builds the element from the imported module, and the
 * import fails with ChunkLoadError as `loadChunk` says [ER-11].
 *
 * The reload message sits on a pathless parent, not on the screen's own route: React Router never renders a route
 * whose `lazy` failed (it still counts as loading), so only an ancestor can show that error.
 */
export function lazyRoute<M>(route: LazyScreenRoute, load: () => Promise<M>, render: (module: M) => ReactNode): RouteObject {
  return {
    errorElement: <ChunkLoadErrorPage />,
    children: [
      {
        ...route,
        lazy: async () => {
          const [module] = await loadChunk(() => Promise.all([load(), loadLaterTexts()]))
          return { element: render(module) }
        },
      },
    ],
  }
}
