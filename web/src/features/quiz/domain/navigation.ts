import { RESULT, type Flow, type Form, type NextStep } from '../types'
import type { AnswerValues } from './visibility'

/** Moving between steps (spec 3 §2 "Navigation rules") [QN-01…QN-08, QN-13, QN-15, QN-17, QN-19, QN-20]. */

/** Next step opens this long after a submit [QN-01]. */
export const FORWARD_DELAY_MS = 500

export function findStep(flow: Flow, stepId: string): Form | undefined {
  return flow.steps.find((form) => form.id === stepId)
}

function resolve(next: NextStep | undefined, values: AnswerValues): string | undefined {
  if (next === undefined || typeof next === 'string') return next
  const answer = values[next.byAnswer]
  const chosen = typeof answer === 'string' ? next.cases[answer] : undefined
  return chosen ?? Object.values(next.cases)[0]
}

/** The step after `stepId`, `RESULT`, or undefined for a step the map does not know. */
export function nextStepOf(flow: Flow, stepId: string, values: AnswerValues): string | undefined {
  return resolve(flow.next[stepId], values)
}

/** The steps a visitor walks from step 1 with these answers (betterme: 1, 2, 3, 6, 7, 9 … 14). */
export function activePath(flow: Flow, values: AnswerValues): string[] {
  const path: string[] = []
  let current: string | undefined = flow.firstStep
  while (current !== undefined && current !== RESULT && !path.includes(current)) {
    path.push(current)
    current = nextStepOf(flow, current, values)
  }
  return path
}

/**
 * Back goes to the previous step of the same flow: the step before it on the walked path, i.e. the reverse of the
 * next-step map (betterme 6 back to 3, DECISIONS); a step off the path goes back to a step that leads to it; step 1
 * has none [QN-02].
 */
export function previousStep(flow: Flow, stepId: string, values: AnswerValues): string | undefined {
  const path = activePath(flow, values)
  const index = path.indexOf(stepId)
  if (index === 0) return undefined
  if (index > 0) return path[index - 1]
  return Object.keys(flow.next).find((from) => nextStepOf(flow, from, values) === stepId)
}

/**
 * Where the step stands for the progress display: its place on the walked path and the path's length ("n of
 * total", QN-08). A step off the path (betterme 4, 5, 8, 15) counts from its own number.
 */
export function stepPosition(flow: Flow, stepId: string, values: AnswerValues): { position: number; total: number } {
  const path = activePath(flow, values)
  const index = path.indexOf(stepId)
  const position = index >= 0 ? index + 1 : Math.min(findStep(flow, stepId)?.order ?? 1, path.length)
  return { position, total: path.length }
}

/** The address after submitting `stepId`: the next step, or the flow's prepare-result page. */
export function pathAfter(flow: Flow, stepId: string, values: AnswerValues): string {
  const next = nextStepOf(flow, stepId, values)
  return next === undefined || next === RESULT ? flow.preparePath : flow.stepPath(next)
}
