import { SHOP_SERVICE } from '@/config/env'
import { api } from '@/lib/api/client'
import { currentUserId } from '@/lib/auth/token'

/** Session storage key of the analytics session id [AU-35]. */
export const SESSION_ID_KEY = 'sessId'

/** Analytics currency unless an event names another [AU-53]. */
export const DEFAULT_ANALYTICS_CURRENCY = 'IRR'

export interface AnalyticsEvent {
  action: string
  category: string
  label?: string
  meta?: Record<string, unknown>
}

export function currentSessionId(): string | undefined {
  try {
    return window.sessionStorage.getItem(SESSION_ID_KEY) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * `POST /lemonade/api/analytics` with action, category, label, userId (token sub), service, meta (currency IRR by
 * default) and the session id [AU-48, AU-53]. Never throws: a failure is only logged.
 */
export async function sendAnalyticsEvent(event: AnalyticsEvent): Promise<void> {
  const userId = currentUserId()
  const sessionId = currentSessionId()
  try {
    const { error } = await api.POST('/lemonade/api/analytics', {
      body: {
        action: event.action,
        category: event.category,
        ...(event.label !== undefined ? { label: event.label } : {}),
        ...(userId !== undefined ? { userId } : {}),
        service: SHOP_SERVICE,
        meta: { currency: DEFAULT_ANALYTICS_CURRENCY, ...event.meta },
        ...(sessionId !== undefined ? { sessionId } : {}),
      },
    })
    if (error !== undefined) console.warn('analytics event failed', event.action, error)
  } catch (failure) {
    console.warn('analytics event failed', event.action, failure)
  }
}

/** A click event (get_otp, enter_otp, retry_get_otp, edit_mobile …) [AU-49…AU-52]. */
export function trackClick(action: string, label?: string): void {
  void sendAnalyticsEvent({ action, category: 'click', ...(label !== undefined ? { label } : {}) })
}

/** A page view of a rendered (non-redirect) route [RG-40]. */
export function trackPageView(path: string): void {
  void sendAnalyticsEvent({ action: 'page_view', category: 'page', label: path })
}
