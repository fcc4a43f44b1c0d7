/** Local-storage key of the start-date edit counter [DS-27]. */
export const START_DATE_EDITS_KEY = 'diet_start_date_edits'

interface Edits {
  dietId: number
  count: number
}

function read(): Edits | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(START_DATE_EDITS_KEY) ?? 'null') as Partial<Edits> | null
    return typeof stored?.dietId === 'number' && typeof stored.count === 'number' ? (stored as Edits) : undefined
  } catch {
    return undefined
  }
}

/** How many times the customer moved this diet's start; a count kept for another diet reads as 0. */
export function startDateEdits(dietId: number): number {
  const stored = read()
  return stored?.dietId === dietId ? stored.count : 0
}

/** Counts one more edit of this diet's start, starting again from 1 for a new diet [DS-27]. */
export function countStartDateEdit(dietId: number): number {
  const count = startDateEdits(dietId) + 1
  localStorage.setItem(START_DATE_EDITS_KEY, JSON.stringify({ dietId, count }))
  return count
}

/**
 * Resets the counter to the moves the server recorded for this diet [DS-27]: moves made on another device, or a count
 * this device kept for an earlier diet, never make it read otherwise.
 */
export function resetStartDateEdits(dietId: number, recorded: number): number {
  localStorage.setItem(START_DATE_EDITS_KEY, JSON.stringify({ dietId, count: recorded }))
  return recorded
}
