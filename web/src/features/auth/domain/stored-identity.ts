import { IRAN_COUNTRY_ID } from './mobile'

/** Local storage keys of the number being signed in (spec 1 §3 "Storage keys used by sign-in"). */
export const MOBILE_NUMBER_KEY = 'mobileNumber'
export const COUNTRY_ID_KEY = 'countryId'

function local(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

export function rememberIdentity({ mobileNumber, countryId }: { mobileNumber: string; countryId: number }): void {
  local()?.setItem(MOBILE_NUMBER_KEY, mobileNumber)
  local()?.setItem(COUNTRY_ID_KEY, String(countryId))
}

export function storedIdentity(): { mobileNumber: string; countryId: number } {
  const mobileNumber = local()?.getItem(MOBILE_NUMBER_KEY) ?? ''
  const countryId = Number(local()?.getItem(COUNTRY_ID_KEY) ?? IRAN_COUNTRY_ID)
  return { mobileNumber, countryId: Number.isFinite(countryId) && countryId > 0 ? countryId : IRAN_COUNTRY_ID }
}
