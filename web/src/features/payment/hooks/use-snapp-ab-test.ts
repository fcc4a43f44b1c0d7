import { useEffect } from 'react'
import { authApi } from '@/lib/auth'

/** Session storage key of this session's Snapp A/B half ('true' / 'false') [PM-53]. */
export const SNAPP_TEST_KEY = 'snappTestVal'
/** Session storage key of the orders already told their half, so each order gets one PATCH. */
const SNAPP_TEST_SENT_KEY = 'snappTestValSentFor'

/** This session's half of the Snapp A/B test: drawn once at random (50 %), then kept in session storage. */
export function snappTestValue(random: () => number = Math.random): boolean {
  const stored = sessionStorage.getItem(SNAPP_TEST_KEY)
  if (stored === 'true' || stored === 'false') return stored === 'true'
  const value = random() < 0.5
  sessionStorage.setItem(SNAPP_TEST_KEY, String(value))
  return value
}

/**
 * Sends the session's A/B half with the order it is paying: `PATCH /lemonade/api/orders/user/{orderId}` with
 * `meta.SNAPP_TEST_VAL`, once per order in this session [PM-53]. A failure is only logged: the test must never
 * stand in the way of paying.
 */
export function useSnappAbTest(orderId: number) {
  useEffect(() => {
    if (sessionStorage.getItem(SNAPP_TEST_SENT_KEY) === String(orderId)) return
    const value = snappTestValue()
    sessionStorage.setItem(SNAPP_TEST_SENT_KEY, String(orderId))
    void authApi
      .PATCH('/lemonade/api/orders/user/{id}', {
        params: { path: { id: orderId } },
        body: { meta: { SNAPP_TEST_VAL: value } },
      })
      .then(({ error }) => {
        if (error !== undefined) console.warn('Snapp A/B value not stored', error)
      })
      .catch((failure: unknown) => console.warn('Snapp A/B value not stored', failure))
  }, [orderId])
}
