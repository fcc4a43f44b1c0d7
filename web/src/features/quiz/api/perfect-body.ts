import { queryOptions } from '@tanstack/react-query'
import { api, toApiError, type components } from '@/lib/api'
import { readReferral, storeReferral } from '../domain/answer-store'
import { isAgeRange, perfectBodyRegistration } from '../domain/body'
import type { AnswerValues } from '../domain/visibility'

/**
 * The good-looking perfect-body landing calls (spec 3 §4, §7): `registrationt2` with gender, birth date, weight and
 * height answers a referral (kept in session `referral`); `resultt2` with the referral answers the body result
 * [RS-24…RS-29]. Each call is tried 3 times [RS-30]; a refusal carries `JSP_ERROR` [ER-57].
 */

export type PerfectBodyResult = components['schemas']['PerfectBodyReply']
type Fields = Record<string, string>

export const PERFECT_BODY_TRIES = 3

/** The registration's multipart fields from the good-looking answers, or null when an answer is missing. */
export function registrationFields(values: AnswerValues): Fields | null {
  const gender = values.bm_f1
  const ageRange = values.bm_f3
  const height = Number(values.bm_f14)
  const weight = Number(values.bm_f15)
  if ((gender !== 'FEMALE' && gender !== 'MALE') || !isAgeRange(ageRange) || !(height > 0) || !(weight > 0)) return null
  const registration = perfectBodyRegistration({ gender, ageRange, weight, height })
  return Object.fromEntries(Object.entries(registration).map(([name, value]) => [name, String(value)]))
}

function formData(fields: Fields): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

async function register(fields: Fields): Promise<string> {
  const { data, error, response } = await api.POST('/landing/perfectbody/registrationt2', {
    body: fields,
    bodySerializer: formData,
  })
  if (data === undefined) throw toApiError(error, response)
  return data.referral
}

async function result(referral: string): Promise<PerfectBodyResult> {
  const { data, error, response } = await api.POST('/landing/perfectbody/resultt2', {
    body: { referral },
    bodySerializer: formData,
  })
  if (data === undefined) throw toApiError(error, response)
  return data
}

/** Registers once per answer set (the stored referral is reused while the answers stay the same), then asks the result. */
export async function fetchPerfectBody(fields: Fields): Promise<PerfectBodyResult> {
  const signature = JSON.stringify(fields)
  let referral = readReferral(signature)
  if (referral === null) {
    referral = await register(fields)
    storeReferral(referral, signature)
  }
  return result(referral)
}

export function perfectBodyQueryOptions(fields: Fields) {
  return queryOptions({
    queryKey: ['perfect-body', fields],
    queryFn: () => fetchPerfectBody(fields),
    retry: PERFECT_BODY_TRIES - 1,
    retryDelay: 0,
    staleTime: Infinity,
  })
}
