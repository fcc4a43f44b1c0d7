/** Timing of the social-proof toast (spec 2 §4, §9) [PM-21]. */
export const TOAST_MIN_DELAY_MS = 1000
export const TOAST_MAX_DELAY_MS = 6000
export const TOAST_SHOWN_MS = 3000

/** A random delay of 1 to 6 s before the toast appears; `random` is a number in [0, 1). */
export function toastDelayMs(random: number): number {
  return Math.round(TOAST_MIN_DELAY_MS + random * (TOAST_MAX_DELAY_MS - TOAST_MIN_DELAY_MS))
}

/** The entry shown on the n-th appearance: through the list, then from its start again. */
export function toastEntryIndex(appearance: number, length: number): number {
  return length === 0 ? 0 : appearance % length
}
