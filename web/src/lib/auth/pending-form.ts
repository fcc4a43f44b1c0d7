/**
 * A form waiting for sign-in (e.g. questionnaire answers): after registration the popup closes and the pending form
 * is submitted with the mobile number as user id [AU-08]. Features register it; the sign-in popup runs it.
 */
type PendingSubmit = (userId: string) => Promise<void> | void

let pending: PendingSubmit | null = null

export function setPendingForm(submit: PendingSubmit | null): void {
  pending = submit
}

export async function submitPendingForm(userId: string): Promise<void> {
  const submit = pending
  pending = null
  if (submit === null) return
  try {
    await submit(userId)
  } catch (failure) {
    console.warn('pending form submit failed', failure)
  }
}
