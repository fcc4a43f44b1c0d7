import { useCallback, useRef } from 'react'

/**
 * A guard for actions that must not run twice at once (a payment start, a code, a transfer report): `run(action)`
 * starts `action` unless the one it started before has not settled yet, and then ignores the call. A ref, not state:
 * two taps within one frame both land before React re-renders the button disabled, and a mutation's `isPending` is
 * state too. The action reports its own outcome (a mutation's state and callbacks, its own catch), as TanStack's
 * `mutate` does, so its rejection is dropped here.
 */
export function useSingleFlight(): (action: () => Promise<unknown>) => void {
  const inFlight = useRef(false)
  return useCallback((action: () => Promise<unknown>) => {
    if (inFlight.current) return
    inFlight.current = true
    action()
      .catch(() => undefined)
      .finally(() => {
        inFlight.current = false
      })
  }, [])
}
