import { localise, type Language } from '../domain/validation'
import type { Flow } from '../types'

/** The shown title of an answer value, from the flow's own options (result pages repeat the visitor's choices). */
export function optionTitle(flow: Flow, questionId: string, value: string | null, language: Language): string | null {
  if (value === null) return null
  for (const form of flow.steps) {
    const option = form.questions.find((question) => question.id === questionId)?.options?.find((o) => o.value === value)
    if (option) return localise(option.title, language) ?? null
  }
  return null
}
