import type { LabTest } from './domain/lab-ranges'

/**
 * The questionnaire model of spec 3 §2–§3: a flow is a list of forms (one form per step), each with questions whose
 * options, rules, visibility and answer widget are data. Forms carry their own text in Persian and Turkish (spec 1 §1:
 * fa by default, tr also available); the renderer's own labels live in the i18n files under `quiz.`.
 */

/** Text of a form in Persian and Turkish; `tr` is optional only for texts built outside the forms' `text()`. */
export interface Text {
  fa: string
  tr?: string
}

/** A stored answer value: one choice, several choices, a number, a date (YYYY-MM-DD) or text; null until answered. */
export type AnswerValue = string | number | string[] | null

/** The answer store entry of one question (spec 3 §3 "Answer store"). */
export interface StoredAnswer {
  value: AnswerValue
  questionName: string
}

export type Answers = Record<string, StoredAnswer>

/** A visibility condition on another question's answer (`showIf`): equal to, or containing, one of the values. */
export interface Condition {
  question: string
  anyOf: readonly string[]
}

export interface Option {
  title: Text
  value: string
  subTitle?: Text
  /** The exclusive "none" choice of a checkbox group [QN-30]. */
  xor?: boolean
  /** Picture of a picture-radio option (under /quiz/). */
  img?: string
  /** Offered only when the condition holds (e.g. female-only options [QN-11, QN-12]). */
  showIf?: Condition
}

/**
 * A validation rule (spec 3 §2 "rules (type, args, msg)"). Each becomes a zod check in domain/validation.ts; a failing
 * rule shows its msg, else `error` [QN-33].
 */
export type Rule =
  | { type: 'required'; msg?: Text }
  | { type: 'range'; args: { min: number; max: number }; msg?: Text }
  | { type: 'age'; msg?: Text }
  | { type: 'maxLength'; args: { max: number }; msg?: Text }
  | { type: 'numeric'; msg?: Text }
  | { type: 'mobile'; msg?: Text }
  | { type: 'creditCard'; msg?: Text }
  /** A birth date (ISO day) that agrees, within a year, with the age answered to `args.question`. */
  | { type: 'matchesAge'; args: { question: string }; msg?: Text }

export type RuleType = Rule['type']

/** The answer widget and its props (spec 3 §2 "Widgets"). */
export type AnswerComponent =
  | { type: 'gender' }
  | { type: 'pictureRadio' }
  | { type: 'radio' }
  | { type: 'toggle' }
  | { type: 'checkbox' }
  | { type: 'select' }
  | { type: 'date'; props: { fromYear: number; toYear: number } }
  /** Range and sub-units default to 100 to 200 with 10 per unit [QN-37]. */
  | { type: 'ruler'; props?: { min?: number; max?: number; subUnits?: number; unit?: Text } }
  | { type: 'tags'; props: { limit?: number } }
  /** `lab`: a laboratory value, labelled against its range as it is typed [CT-16, CT-17]. */
  | { type: 'numberPicker'; props: { unit?: Text; decimal: boolean; lab?: LabTest } }
  | { type: 'textbox'; props: { maxLength: number; placeholder?: Text } }
  | { type: 'mobile' }
  | { type: 'creditCard' }
  | { type: 'roundSlider'; props: { min: number; max: number; unit?: Text } }

export type AnswerComponentType = AnswerComponent['type']

export interface Question {
  id: string
  name: string
  title: Text
  subTitle?: Text
  img?: string
  warningDesc?: Text
  type: 'S'
  defaultValue?: AnswerValue
  showIf?: Condition
  rules: readonly Rule[]
  answerUIComponent: AnswerComponent
  options?: readonly Option[]
}

/** A form: one step of a flow, or one section of the detailed form. */
export interface Form {
  id: string
  order: number
  name: string
  desc?: Text
  subTitle?: Text
  /** Submit as soon as a question is answered (default true); false for weight, number and multi-choice steps [QN-35]. */
  submitOnUserAnswer: boolean
  buttonStyle?: 'primary' | 'sticky'
  backgroundImg?: string
  questions: readonly Question[]
}

export const RESULT = 'RESULT' as const

/** Where a step leads: another step, the result, or a step chosen by an answer (good-looking's gender branch). */
export type NextStep = string | typeof RESULT | { byAnswer: string; cases: Readonly<Record<string, string>> }

export type FlowId = 'good-looking' | 'betterme' | 'nowruz' | 'psychology' | 'konkur'

/** A questionnaire flow: its steps, next-step map and addresses (spec 3 §2). */
export interface Flow {
  id: FlowId
  /** formType of the answers record [QN-42]. */
  formType: string
  /** formId of the answers record ("1" in the betterme family) [QN-42]. */
  formId: string
  firstStep: string
  steps: readonly Form[]
  next: Readonly<Record<string, NextStep>>
  stepPath: (stepId: string) => string
  preparePath: string
  resultPath: string
  /** Question whose answer is the gender. */
  genderQuestion: string
  /** Local storage key whose gender overrides the answer when step 2 opens [QN-46]. */
  storedGenderKey?: string
  /** Answering gender starts a fresh answer set [QN-45]. */
  genderResetsAnswers?: boolean
}
