import type { Flow, Form } from '../types'

/** Helpers of the form tests: the values of a question's options, and every question of a flow. */
export function optionValues(forms: readonly Form[], questionId: string): string[] {
  const question = forms.flatMap((form) => form.questions).find((q) => q.id === questionId)
  if (question === undefined) throw new Error(`no question ${questionId}`)
  return (question.options ?? []).map((option) => option.value)
}

export function questionIds(flow: Flow): string[] {
  return flow.steps.flatMap((form) => form.questions.map((question) => question.id))
}
