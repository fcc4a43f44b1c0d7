import { useCallback, useEffect, useState } from 'react'

/** Resend timer seconds (spec 1 §9). */
export const RESEND_SECONDS = 60

/**
 * Counts down once a second from `from` to 0; `restart` starts again at `from`, or at `at` when given (the seconds
 * the server says are left) [AU-12, AU-13].
 */
export function useCountdown(from: number = RESEND_SECONDS) {
  const [seconds, setSeconds] = useState(from)

  useEffect(() => {
    if (seconds <= 0) return
    const id = window.setTimeout(() => setSeconds((value) => Math.max(0, value - 1)), 1000)
    return () => window.clearTimeout(id)
  }, [seconds])

  const restart = useCallback((at: number = from) => setSeconds(Math.max(0, Math.ceil(at))), [from])
  return { seconds, done: seconds <= 0, restart }
}
