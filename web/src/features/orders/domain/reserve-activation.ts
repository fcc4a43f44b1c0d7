/** What activating a reserved diet came to (spec 2 §4). */
export type ActivationOutcome = 'activated' | 'running' | 'failed'

/** The activation message stays this long (spec 2 §9) [PM-74]. */
export const ACTIVATION_MESSAGE_MS = 10_000

/**
 * The answer's meaning: `sentStatus` means the reserve started [PM-73]; an answer without it means another diet
 * is running [PM-72]; no answer (an error) is a failure [PM-71].
 */
export function outcomeOf(answer: { sentStatus?: boolean } | undefined): ActivationOutcome {
  if (answer === undefined) return 'failed'
  return answer.sentStatus ? 'activated' : 'running'
}

export const ACTIVATION_MESSAGES = {
  activated: 'orders.activation.activated',
  running: 'orders.activation.running',
  failed: 'orders.activation.failed',
} as const satisfies Record<ActivationOutcome, string>
