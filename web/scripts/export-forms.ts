/**
 * The form definitions the BFF validates answer records against (`bff/forms/{formType}.json`), exported from the
 * TypeScript forms so the two sides cannot disagree: question ids, widgets, option values (with their `showIf` and
 * exclusive flag), rules in order with their Persian message, tag limits and question `showIf`. Texts other than the
 * rule messages stay in the web app.
 *
 *   npm run export:forms      writes the files (web/scripts/export-forms.test.ts with UPDATE_FORMS=1)
 *   npx vitest run scripts    fails when a committed file differs from the forms
 */
import { FINAL_SUBMIT_STEP, FORM_TYPES } from '@/features/quiz/api/form-types'
import { dietRequestForms, extendDietForm, flows } from '@/features/quiz/forms'
import type { Condition, Form, Question, Rule } from '@/features/quiz/types'

export interface ExportedRule {
  type: Rule['type']
  min?: number
  max?: number
  /** The other question a cross-field rule compares with (`matchesAge`: the age). */
  question?: string
  /** The Persian message; absent when the rule has none (the BFF then answers `error`, like the renderer). */
  message?: string
}

export interface ExportedOption {
  value: string
  xor?: true
  showIf?: Condition
}

export interface ExportedQuestion {
  id: string
  step: string
  widget: Question['answerUIComponent']['type']
  rules: ExportedRule[]
  options?: ExportedOption[]
  /** Most choices of a tagged multi-select. */
  limit?: number
  showIf?: Condition
}

export interface ExportedForm {
  formType: string
  /** Step ids in order. */
  steps: string[]
  /** A `step` that stands for the last step (the extend-diet final submit), if the form has one. */
  finalStep?: string
  questions: ExportedQuestion[]
}

function exportRule(rule: Rule): ExportedRule {
  const args: { min?: number; max?: number; question?: string } = 'args' in rule ? rule.args : {}
  return {
    type: rule.type,
    ...(args.min !== undefined ? { min: args.min } : {}),
    ...(args.max !== undefined ? { max: args.max } : {}),
    ...(args.question !== undefined ? { question: args.question } : {}),
    ...(rule.msg ? { message: rule.msg.fa } : {}),
  }
}

function exportQuestion(step: string, question: Question): ExportedQuestion {
  const widget = question.answerUIComponent
  return {
    id: question.id,
    step,
    widget: widget.type,
    rules: question.rules.map(exportRule),
    ...(question.options
      ? {
          options: question.options.map((option) => ({
            value: option.value,
            ...(option.xor ? { xor: true as const } : {}),
            ...(option.showIf ? { showIf: option.showIf } : {}),
          })),
        }
      : {}),
    ...(widget.type === 'tags' && widget.props.limit !== undefined ? { limit: widget.props.limit } : {}),
    ...(question.showIf ? { showIf: question.showIf } : {}),
  }
}

function exportForm(formType: string, steps: readonly Form[], finalStep?: string): ExportedForm {
  return {
    formType,
    steps: steps.map((form) => form.id),
    ...(finalStep ? { finalStep } : {}),
    questions: steps.flatMap((form) => form.questions.map((question) => exportQuestion(form.id, question))),
  }
}

/** Every form definition by form type. */
export function exportedForms(): ExportedForm[] {
  return [
    ...Object.values(flows).map((flow) => exportForm(flow.formType, flow.steps)),
    exportForm(FORM_TYPES.extendDiet, [extendDietForm], FINAL_SUBMIT_STEP),
    exportForm(FORM_TYPES.dietRequest, dietRequestForms),
  ]
}

/** The file text of one definition: two-space JSON with a final newline. */
export function formFileText(form: ExportedForm): string {
  return `${JSON.stringify(form, null, 2)}\n`
}
