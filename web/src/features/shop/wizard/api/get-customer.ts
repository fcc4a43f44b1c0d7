import { queryOptions } from '@tanstack/react-query'
import { toApiError } from '@/lib/api'
import { authApi } from '@/lib/auth'

/**
 * The signed-in customer (`GET /app/auth/currentUser`): its mobile is shown `+…` for a foreign number, which is what
 * the wizard's FOREIGN configs depend on [RG-45, RG-46].
 */
export function currentCustomerQueryOptions() {
  return queryOptions({
    queryKey: ['shop', 'wizard', 'customer'],
    queryFn: async ({ signal }) => {
      const { data, error, response } = await authApi.GET('/app/auth/currentUser', { signal })
      if (error !== undefined || data === undefined) throw toApiError(error, response)
      return data.msg
    },
    staleTime: Infinity,
  })
}

/** Local storage keys of the number typed at sign-in (spec 1 §3); sign-in keeps it national, with its country. */
const STORED_MOBILE_KEY = 'mobileNumber'
const STORED_COUNTRY_KEY = 'countryId'
const IRAN_COUNTRY_ID = '1'

/**
 * Whether the number stored at sign-in is foreign, for a visitor the server cannot be asked about: it starts with
 * `+`, or it was typed for a country other than Iran.
 */
export function storedMobileIsForeign(): boolean {
  try {
    const mobile = window.localStorage.getItem(STORED_MOBILE_KEY)?.trim() ?? ''
    if (mobile === '') return false
    const country = window.localStorage.getItem(STORED_COUNTRY_KEY)
    return mobile.startsWith('+') || (country !== null && country !== IRAN_COUNTRY_ID)
  } catch {
    return false
  }
}
