import type { AnswerValue, Answers, Flow } from '../types'

/**
 * The answers record body of spec 3 §7 [QN-42]: `answers` is a list of one-entry objects (question id → value) in
 * question order, then `{ step }`, then `{ utm_campaign }` when the session has one.
 */
export type AnswerEntry = Record<string, AnswerValue>

export interface FormAnswersBody {
  answers: AnswerEntry[]
  formId: string
  formType: string
  userId: string
}

export function answersBody(
  flow: Flow,
  answers: Answers,
  context: { step: string; formType: string; userId?: string; utmCampaign?: string | null },
): FormAnswersBody {
  const entries: AnswerEntry[] = []
  for (const form of flow.steps) {
    for (const question of form.questions) {
      const answer = answers[question.id]
      if (answer !== undefined) entries.push({ [question.id]: answer.value })
    }
  }
  entries.push({ step: context.step })
  if (context.utmCampaign) entries.push({ utm_campaign: context.utmCampaign })
  return { answers: entries, formId: flow.formId, formType: context.formType, userId: context.userId ?? '' }
}
