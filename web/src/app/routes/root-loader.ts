import type { LoaderFunctionArgs } from 'react-router'
import { persistQuerySettings } from '@/config/flags'
import { currentSessionId } from '@/lib/analytics'
import { keepReferral } from '@/lib/referral'
import { ensureSession } from '@/lib/session'

/**
 * Copies the known query parameters (utm fields, landing, productsTag, feature flags) into session storage [RG-39];
 * a feature flag that changed is patched onto an existing session [AU-38] (a failure is reported and logged). A
 * franchise member's `referral` code is kept for the sign-in popup, whatever the route.
 */
export function rootLoader({ request }: LoaderFunctionArgs): null {
  const search = new URL(request.url).searchParams
  keepReferral(search)
  const changedFlags = persistQuerySettings(search)
  if (changedFlags.length > 0 && currentSessionId() !== undefined) {
    ensureSession({ search, force: true }).catch((failure: unknown) => console.warn('session patch failed', failure))
  }
  return null
}
