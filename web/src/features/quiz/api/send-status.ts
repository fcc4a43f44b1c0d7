/**
 * The state of the last answers send, shown by the quiz pages: the step has already moved on when a send fails, so
 * the state lives outside the step.
 */
export type SendStatus =
  | { state: 'idle' }
  /** `code` is the send's failure code (NOT_200_ERRORS for a status outside 200…399 or no answer [ER-51]). */
  | { state: 'kept'; code: string }
  | { state: 'rejected'; code: string; messages: string[] }

let status: SendStatus = { state: 'idle' }
const listeners = new Set<() => void>()

export function sendStatus(): SendStatus {
  return status
}

export function setSendStatus(next: SendStatus): void {
  status = next
  for (const listener of listeners) listener()
}

export function subscribeSendStatus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
