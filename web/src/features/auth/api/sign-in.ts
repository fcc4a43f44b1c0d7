import { queryOptions, useQuery } from '@tanstack/react-query'
import { SHOP_SERVICE } from '@/config/env'
import { api, dataOrThrow, toApiError } from '@/lib/api'
import { storeToken } from '@/lib/auth'
import { forgetReferral, keptReferral } from '@/lib/referral'
import type { AuthType, CodeStep } from '../domain/steps'

/** The sign-in calls of the identity contract (spec 1 §7), over the generated client. */

export interface MobileIdentity {
  mobileNumber: string
  countryId: number
}

export interface CheckMobileResult {
  isRegistered: boolean
  authType: AuthType
}

/**
 * The registered-number check [AU-02], with the franchise referral code the visit kept, if any: the BFF keeps it
 * for an unregistered number's registration and ignores it otherwise.
 */
export async function checkMobile(identity: MobileIdentity): Promise<CheckMobileResult> {
  const data = dataOrThrow(await api.POST('/auth/check-mobile', { body: { ...identity, referral: keptReferral() } }))
  return { isRegistered: data.isRegistered, authType: data.authenticationType === 'email' ? 'email' : 'sms' }
}

/**
 * Sends a code for a code step [AU-07, AU-14]: login steps use `/auth/otp` (SMS, or e-mail for e-mail users),
 * REGISTER_MOBILE `/auth/verify-mobile`, REGISTER_EMAIL `/auth/register/email` with the e-mail.
 */
export async function sendCode(step: CodeStep, identity: MobileIdentity, email = ''): Promise<void> {
  const result =
    step === 'REGISTER_EMAIL'
      ? await api.POST('/auth/register/email', { body: { ...identity, email } })
      : step === 'REGISTER_MOBILE'
        ? await api.POST('/auth/verify-mobile', { body: identity })
        : await api.POST('/auth/otp', { body: identity })
  if (result.error !== undefined) throw toApiError(result.error, result.response)
}

/** /login-with-file-number: the file number must match the mobile; then a code is sent. */
export async function sendFileNumberCode(identity: MobileIdentity, profileNumber: string): Promise<void> {
  const { error, response } = await api.POST('/auth/profile-number', { body: { ...identity, profileNumber } })
  if (error !== undefined) throw toApiError(error, response)
}

/** Register payload names are fixed by spec 1 §3: firstName and lastName are always 'unknown' [AU-09]. */
export const UNKNOWN_NAME = 'unknown'

/**
 * Confirms the code: login steps call `/auth/login`, register steps `/auth/register` (which also logs in an existing
 * user). The returned `lemonadeToken` becomes the stored token [AU-16]; the answer's user id is returned. A kept
 * referral code is forgotten: it counted on registration, and a registered number cannot be invited.
 */
export async function confirmCode(step: CodeStep, identity: MobileIdentity, otp: string): Promise<string> {
  const result =
    step === 'REGISTER_MOBILE' || step === 'REGISTER_EMAIL'
      ? await api.POST('/auth/register', {
          // AU-09 names the auth-service spelling (countryID, OTPCode); the contract's names go along for the BFF.
          body: {
            ...identity,
            countryID: identity.countryId,
            otp,
            OTPCode: otp,
            firstName: UNKNOWN_NAME,
            lastName: UNKNOWN_NAME,
            service: SHOP_SERVICE,
          },
          credentials: 'include',
        })
      : await api.POST('/auth/login', { body: { ...identity, otp, service: SHOP_SERVICE }, credentials: 'include' })
  const { lemonadeToken } = dataOrThrow(result)
  storeToken(lemonadeToken)
  forgetReferral()
  return lemonadeToken
}

async function fetchCountries(signal?: AbortSignal) {
  return dataOrThrow(await api.GET('/lemonade/api/countries', { signal }))
}

export type Country = Awaited<ReturnType<typeof fetchCountries>>[number]

/** The country list of the code picker [AU-32, AU-33]. */
export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'countries'],
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: Infinity,
  })
}

/** The country list; `needed` false leaves it unfetched until it is. */
export function useCountries(needed = true) {
  return useQuery({ ...countriesQueryOptions(), enabled: needed })
}
