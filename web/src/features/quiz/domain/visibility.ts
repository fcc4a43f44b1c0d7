import type { AnswerValue, Condition, Form, Option, Question } from '../types'

/** Answer values by question id: the answer store's values with the open step's values on top. */
export type AnswerValues = Readonly<Record<string, AnswerValue | undefined>>

/** A `showIf` holds when the other question's answer is, or contains, one of the listed values. */
export function conditionHolds(condition: Condition | undefined, values: AnswerValues): boolean {
  if (condition === undefined) return true
  const answer = values[condition.question]
  if (Array.isArray(answer)) return answer.some((value) => condition.anyOf.includes(value))
  return answer !== null && answer !== undefined && condition.anyOf.includes(String(answer))
}

export function visibleQuestions(form: Form, values: AnswerValues): Question[] {
  return form.questions.filter((question) => conditionHolds(question.showIf, values))
}

export function visibleOptions(question: Question, values: AnswerValues): Option[] {
  return (question.options ?? []).filter((option) => conditionHolds(option.showIf, values))
}

/** The empty answer of a question: an empty list for multi-choice widgets, null otherwise [QN-34]. */
export function emptyAnswer(question: Question): AnswerValue {
  return isMultiChoice(question) ? [] : null
}

export function isMultiChoice(question: Question): boolean {
  const type = question.answerUIComponent.type
  return type === 'checkbox' || type === 'tags'
}

/**
 * The step's values with hidden answers cleared [QN-34]: a hidden question's answer becomes empty, and choices of
 * options that are no longer offered (e.g. PREGNANCY after switching to MALE) are dropped.
 */
export function clearHidden(form: Form, values: AnswerValues): Record<string, AnswerValue> {
  const cleared: Record<string, AnswerValue> = {}
  for (const question of form.questions) {
    const value = values[question.id] ?? emptyAnswer(question)
    if (!conditionHolds(question.showIf, values)) {
      cleared[question.id] = emptyAnswer(question)
      continue
    }
    if (question.options === undefined) {
      cleared[question.id] = value
      continue
    }
    const offered = new Set(visibleOptions(question, values).map((option) => option.value))
    if (Array.isArray(value)) cleared[question.id] = value.filter((choice) => offered.has(choice))
    else cleared[question.id] = value !== null && !offered.has(String(value)) ? null : value
  }
  return cleared
}
