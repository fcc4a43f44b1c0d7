import { useCallback } from 'react'
import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'

/** Query parameters that mirror an open overlay in the address: the description popup and the support chat. */
export const OVERLAY_PARAMS = ['popup', 'goftino'] as const

export type OverlayParam = (typeof OVERLAY_PARAMS)[number]

const OPEN = 'isOpen'

/**
 * An overlay whose open state is `{name}=isOpen` in the address [PM-09, PM-20]: opening adds it, closing removes it,
 * and a visitor who goes back (dropping the parameter) closes the overlay too. The entry is replaced, so the overlay
 * does not add history steps.
 */
export function useOverlayParam(name: OverlayParam) {
  const [searchParams, setSearchParams] = useSearchParams()
  const isOpen = searchParams.get(name) === OPEN
  const setOpen = useCallback(
    (open: boolean) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (open) next.set(name, OPEN)
          else next.delete(name)
          return next
        },
        { replace: true },
      ),
    [name, setSearchParams],
  )
  const open = useCallback(() => setOpen(true), [setOpen])
  const close = useCallback(() => setOpen(false), [setOpen])
  return { isOpen, open, close }
}

function withoutOverlays(url: URL): string {
  const query = new URLSearchParams(url.search)
  for (const name of OVERLAY_PARAMS) query.delete(name)
  return `${url.pathname}?${query.toString()}`
}

/**
 * Route option for the select pages: opening or closing an overlay changes only its query parameter, which must not
 * run the page's guard calls again.
 */
export function revalidateUnlessOverlayChanged({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (withoutOverlays(currentUrl) === withoutOverlays(nextUrl)) return false
  return defaultShouldRevalidate
}
