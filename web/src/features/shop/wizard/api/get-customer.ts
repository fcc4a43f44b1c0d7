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
