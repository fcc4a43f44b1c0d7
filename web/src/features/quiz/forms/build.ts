import { QUIZ_MESSAGES } from '../domain/messages'
import { RESULT, type AnswerComponent, type Condition, type Form, type NextStep, type Option, type Question, type Rule, type Text } from '../types'

/**
 * Small builders that keep the form files close to the spec's tables: a question is its id, name, title, options
 * and widget; the required rule and its Persian message follow from the widget [QN-22…QN-26].
 */

/** A form text in both languages: every text a questionnaire shows has its Turkish version (forms-turkish.test.ts). */
export function text(fa: string, tr: string): Text {
  return { fa, tr }
}

export function option(value: string, title: Text, extra: Omit<Option, 'value' | 'title'> = {}): Option {
  return { value, title, ...extra }
}

/** Female-only options [QN-11, QN-12, QN-16]. */
export function femaleOnly(genderQuestion: string): Condition {
  return { question: genderQuestion, anyOf: ['FEMALE'] }
}

export const FEMALE = 'FEMALE'
export const MALE = 'MALE'

/** What a form says about a question; the builders below add its widget and rules. */
export type QuestionBase = Omit<Question, 'type' | 'rules' | 'answerUIComponent' | 'options'>

export function question(base: QuestionBase, answerUIComponent: AnswerComponent, rules: Rule[], options?: Option[]): Question {
  return { type: 'S', ...base, rules, answerUIComponent, ...(options ? { options } : {}) }
}

export function genderQuestion(base: QuestionBase, options: Option[]): Question {
  return question(base, { type: 'gender' }, [{ type: 'required', msg: QUIZ_MESSAGES.gender }], options)
}

export function singleChoice(
  base: QuestionBase,
  options: Option[],
  widget: 'radio' | 'pictureRadio' | 'select' | 'toggle' = 'radio',
  msg: Text = QUIZ_MESSAGES.singleChoice,
): Question {
  return question(base, { type: widget }, [{ type: 'required', msg }], options)
}

export function multiChoice(
  base: QuestionBase,
  options: Option[],
  widget: { type: 'checkbox' } | { type: 'tags'; props: { limit?: number } } = { type: 'checkbox' },
  msg: Text = QUIZ_MESSAGES.multiChoice,
): Question {
  return question(base, widget, [{ type: 'required', msg }], options)
}

interface NumberRange {
  min: number
  max: number
  msg: Text
}

function requiredInRange(range: NumberRange, requiredMsg: Text): Rule[] {
  return [
    { type: 'required', msg: requiredMsg },
    { type: 'range', args: { min: range.min, max: range.max }, msg: range.msg },
  ]
}

/** A number typed with the number picker, in a range, submitted with the button [QN-35]. */
export function numberQuestion(
  base: QuestionBase,
  range: NumberRange,
  unit: Text,
  requiredMsg: Text = QUIZ_MESSAGES.requiredField,
): Question {
  return question(base, { type: 'numberPicker', props: { unit, decimal: true } }, requiredInRange(range, requiredMsg))
}

export function rulerQuestion(
  base: QuestionBase,
  range: NumberRange,
  unit: Text,
  requiredMsg: Text = QUIZ_MESSAGES.requiredField,
): Question {
  const ruler = { type: 'ruler', props: { min: range.min, max: Math.floor(range.max), subUnits: 10, unit } } as const
  return question(base, ruler, requiredInRange(range, requiredMsg))
}

export function textQuestion(base: QuestionBase, requiredMsg: Text = QUIZ_MESSAGES.requiredField, placeholder?: Text): Question {
  return question(base, { type: 'textbox', props: { maxLength: 100, ...(placeholder ? { placeholder } : {}) } }, [
    { type: 'required', msg: requiredMsg },
    { type: 'maxLength', args: { max: 100 }, msg: QUIZ_MESSAGES.textTooLong },
  ])
}

export function sliderQuestion(base: QuestionBase, range: { min: number; max: number }, unit?: Text): Question {
  return question(base, { type: 'roundSlider', props: { ...range, ...(unit ? { unit } : {}) } }, [
    { type: 'required', msg: QUIZ_MESSAGES.requiredField },
    { type: 'range', args: range },
  ])
}

export function dateQuestion(
  base: QuestionBase,
  years: { fromYear: number; toYear: number },
  requiredMsg: Text,
  rules: Rule[] = [],
): Question {
  return question(base, { type: 'date', props: years }, [{ type: 'required', msg: requiredMsg }, ...rules])
}

export function mobileQuestion(base: QuestionBase): Question {
  return question(base, { type: 'mobile' }, [
    { type: 'required', msg: QUIZ_MESSAGES.mobileRequired },
    { type: 'mobile', msg: QUIZ_MESSAGES.mobileInvalid },
  ])
}

/** A step holding one question. */
export function step(id: string, order: number, q: Question, extra: Partial<Omit<Form, 'id' | 'order' | 'questions'>> = {}): Form {
  const submitOnUserAnswer = extra.submitOnUserAnswer ?? submitsOnAnswer(q)
  return { id, order, name: q.name, ...extra, submitOnUserAnswer, questions: [q] }
}

/** Choice steps submit on answer; number, text and multi-choice steps with their button (DECISIONS) [QN-35]. */
function submitsOnAnswer(q: Question): boolean {
  return ['gender', 'pictureRadio', 'radio', 'toggle', 'select'].includes(q.answerUIComponent.type)
}

/** The next-step map of a linear flow: each step leads to the one after it, the last to the result. */
export function linearNext(steps: readonly Form[]): Record<string, NextStep> {
  return Object.fromEntries(steps.map((form, index) => [form.id, steps[index + 1]?.id ?? RESULT]))
}
