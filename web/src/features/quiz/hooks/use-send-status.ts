import { useEffect, useSyncExternalStore } from 'react'
import { watchPendingFormAnswers } from '../api/form-answers'
import { sendStatus, subscribeSendStatus, type SendStatus } from '../api/send-status'

export function useSendStatus(): SendStatus {
  return useSyncExternalStore(subscribeSendStatus, sendStatus, sendStatus)
}

/** While a quiz page is open, kept answers are sent again now and when the browser comes back online. */
export function usePendingAnswersResend(): void {
  useEffect(() => watchPendingFormAnswers(), [])
}
