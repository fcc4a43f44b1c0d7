import { LOADING_STEP_MS } from '@/components/ui/loading-timing'

/** The betterme loading page: four texts of 1.75 s, a blank 1.75 s (DECISIONS), "ready" for 2 s [QN-49]. */
export const BETTERME_TEXT_MS = 1750
export const BETTERME_TEXTS = 4
export const BETTERME_READY_MS = 2000

export type BettermePhase = { kind: 'text'; index: number } | { kind: 'blank' } | { kind: 'ready' } | { kind: 'done' }

/** The phase shown `elapsed` ms after the page opened. */
export function bettermePhaseAt(elapsed: number): BettermePhase {
  const textsEnd = BETTERME_TEXTS * BETTERME_TEXT_MS
  if (elapsed < textsEnd) return { kind: 'text', index: Math.floor(elapsed / BETTERME_TEXT_MS) }
  if (elapsed < textsEnd + BETTERME_TEXT_MS) return { kind: 'blank' }
  if (elapsed < textsEnd + BETTERME_TEXT_MS + BETTERME_READY_MS) return { kind: 'ready' }
  return { kind: 'done' }
}

/** Each phase's start, for timers: 0, 1.75, 3.5, 5.25 (texts), 7 (blank), 8.75 (ready), 10.75 s (result). */
export const BETTERME_PHASE_STARTS = [0, 1750, 3500, 5250, 7000, 8750, 10750] as const

/** The general analysis loading: seven messages, one every 1.25 s, then the result [QN-51]. */
export const ANALYSIS_MESSAGES = 7
export const ANALYSIS_STEP_MS = LOADING_STEP_MS
export const ANALYSIS_TOTAL_MS = ANALYSIS_MESSAGES * ANALYSIS_STEP_MS
