import { settings } from '@/config/flags'
import { isLoggedIn } from '@/lib/auth'
import { formTypeOf, readAnswers } from '../domain/answer-store'
import { answersBody } from '../domain/answers-body'
import type { Answers, Flow } from '../types'
import { FormAnswersError, NOT_200_ERRORS, sendFormAnswers } from './form-answers'
import { setSendStatus } from './send-status'

/** Local storage key of the signed-in mobile number (spec 1 §3 "Storage keys used by sign-in"). */
const MOBILE_NUMBER_KEY = 'mobileNumber'

/** The user id of the record: the mobile number of a signed-in user, else empty (spec 3 §7). */
export function currentMobileUserId(): string {
  if (!isLoggedIn()) return ''
  try {
    return window.localStorage.getItem(MOBILE_NUMBER_KEY) ?? ''
  } catch {
    return ''
  }
}

/**
 * Sends the flow's answer set after a step [QN-39, QN-44]; resolves either way, reporting a failure through the send
 * status (kept for a later send, or rejected with the server's messages).
 */
export async function sendStepAnswers(flow: Flow, step: string, answers: Answers = readAnswers(), userId = currentMobileUserId()): Promise<void> {
  const body = answersBody(flow, answers, { step, formType: formTypeOf(flow), userId, utmCampaign: settings.utmCampaign() })
  try {
    await sendFormAnswers(body)
    setSendStatus({ state: 'idle' })
  } catch (failure) {
    const error = failure instanceof FormAnswersError ? failure : new FormAnswersError(NOT_200_ERRORS, null, [])
    setSendStatus(
      error.transient ? { state: 'kept', code: error.code } : { state: 'rejected', code: error.code, messages: error.messages },
    )
  }
}
