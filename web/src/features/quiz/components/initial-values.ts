import { isMultiChoice } from '../domain/visibility'
import type { AnswerValue, Form } from '../types'

/** A step's starting values: the stored answers, else the default, else empty. */
export function initialValues(form: Form, stored: Record<string, AnswerValue>): Record<string, AnswerValue> {
  return Object.fromEntries(
    form.questions.map((question) => [
      question.id,
      stored[question.id] ?? question.defaultValue ?? (isMultiChoice(question) ? [] : null),
    ]),
  )
}
