import type { AnswerValue, Option, Question } from '../../types'
import type { Language } from '../../domain/validation'

/** What the renderer hands every answer widget. */
export interface WidgetProps {
  question: Question
  /** The options on offer now (female-only options hidden for a male, QN-11, QN-12). */
  options: Option[]
  value: AnswerValue
  /** Choice, toggle, date, select, number-picker and slider fields are touched by their change [QN-36]. */
  onChange: (value: AnswerValue) => void
  /** Text fields are touched on blur [QN-36]. */
  onBlur: () => void
  invalid: boolean
  /** id of the question's title, naming the control. */
  labelId: string
  /** id of the error text, when shown. */
  errorId: string | undefined
  language: Language
}
