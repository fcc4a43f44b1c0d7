import { z } from 'zod'
import { toLatinDigits } from '@/lib/digits'
import type { AnswerValue, Form, Question, Rule, Text } from '../types'
import { FALLBACK_MESSAGE } from './messages'
import { isMultiChoice, visibleOptions, visibleQuestions, type AnswerValues } from './visibility'

/**
 * The validation of spec 3 §5 as zod schemas [QN-22…QN-37]. Every rule of a question becomes a schema; a question's
 * schema runs its rules in order and reports the first failure with that rule's message, or `error` [QN-33]. These
 * schemas are the reference the BFF mirrors when it checks answers again.
 */

export type Language = 'fa' | 'tr'

/** The form language for the app's language: Turkish for tr, else Persian. */
export function formLanguage(appLanguage: string): Language {
  return appLanguage === 'tr' ? 'tr' : 'fa'
}

export function localise(text: Text | undefined, language: Language): string | undefined {
  if (text === undefined) return undefined
  return language === 'tr' ? (text.tr ?? text.fa) : text.fa
}

/** Persian and Arabic-Indic digits to Latin, and the Persian decimal separator to a dot [QN-32]. */
export function normaliseDigits(value: string): string {
  return toLatinDigits(value).replace(/[٫,]/g, '.').trim()
}

const NUMBER = /^\d+(\.\d+)?$/
/** An Iranian mobile: 09 or 9 followed by nine digits. */
const MOBILE = /^0?9\d{9}$/
const CARD = /^\d{16}$/

/** A number typed in Latin, Persian or Arabic-Indic digits, or already a number. */
export const numberLike = z.union([
  z.number(),
  z
    .string()
    .transform(normaliseDigits)
    .refine((value) => NUMBER.test(value))
    .transform(Number),
])

export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  return Number.isFinite(value)
}

const digitsOnly = (pattern: RegExp) =>
  z.union([z.string(), z.number()]).refine((value) => pattern.test(normaliseDigits(String(value)).replace(/[\s-]/g, '')))

/** One rule as a schema over the raw answer. */
export function ruleSchema(rule: Rule): z.ZodType {
  switch (rule.type) {
    case 'required':
      return z.custom<AnswerValue>((value) => isAnswered(value as AnswerValue))
    case 'range':
      return numberLike.pipe(z.number().min(rule.args.min).max(rule.args.max))
    case 'age':
      return numberLike.pipe(z.number().int().min(15).max(70))
    case 'maxLength':
      return z.string().max(rule.args.max)
    case 'numeric':
      return numberLike
    case 'mobile':
      return digitsOnly(MOBILE)
    case 'creditCard':
      return digitsOnly(CARD)
    case 'matchesAge':
      // Checked against the other answer in `questionSchema`; alone, any date passes.
      return z.unknown()
  }
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whole years from an ISO birth day to `today` (epoch ms); undefined for a value that is no ISO day. */
export function ageOn(birthDay: string, today: number): number | undefined {
  const match = ISO_DAY.exec(birthDay)
  if (match === null) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const now = new Date(today)
  const hadBirthday = now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day)
  return now.getUTCFullYear() - year - (hadBirthday ? 0 : 1)
}

/** A birth date and a typed age agree when they differ by at most a year (an age typed before a birthday, say). */
function agreesWithAge(rule: Extract<Rule, { type: 'matchesAge' }>, value: AnswerValue, values: AnswerValues): boolean {
  const age = numberLike.safeParse(values[rule.args.question])
  if (!age.success || typeof value !== 'string') return true
  const fromDate = ageOn(value, Date.now())
  return fromDate === undefined || Math.abs(fromDate - age.data) <= 1
}

function messageOf(rule: Rule, language: Language): string {
  return localise(rule.msg, language) ?? FALLBACK_MESSAGE
}

/** The choices must be offered ones; the exclusive option stands alone [QN-30]; tags respect their limit [QN-37]. */
function choiceProblem(question: Question, value: AnswerValue, values: AnswerValues): boolean {
  if (question.options === undefined || !isAnswered(value)) return false
  const offered = visibleOptions(question, values)
  const known = new Set(offered.map((option) => option.value))
  const chosen = Array.isArray(value) ? value : [String(value)]
  if (chosen.some((choice) => !known.has(choice))) return true
  if (!isMultiChoice(question)) return false
  const exclusive = offered.filter((option) => option.xor).map((option) => option.value)
  if (chosen.length > 1 && chosen.some((choice) => exclusive.includes(choice))) return true
  const widget = question.answerUIComponent
  return widget.type === 'tags' && widget.props.limit !== undefined && chosen.length > widget.props.limit
}

/**
 * The schema of one question's answer. `values` are the other answers, for options shown only under a condition.
 * Rules other than `required` apply only to an answered question.
 */
export function questionSchema(question: Question, language: Language = 'fa', values: AnswerValues = {}) {
  return z.custom<AnswerValue>().superRefine((value, ctx) => {
    for (const rule of question.rules) {
      if (rule.type !== 'required' && !isAnswered(value)) continue
      const refused = rule.type === 'matchesAge' ? !agreesWithAge(rule, value, values) : !ruleSchema(rule).safeParse(value).success
      if (refused) {
        ctx.addIssue({ code: 'custom', message: messageOf(rule, language) })
        return
      }
    }
    if (choiceProblem(question, value, values)) {
      const required = question.rules.find((rule) => rule.type === 'required')
      ctx.addIssue({ code: 'custom', message: required ? messageOf(required, language) : FALLBACK_MESSAGE })
    }
  })
}

/** The schema of a form's visible questions; hidden questions are not validated (their answers are cleared). */
export function formSchema(form: Form, values: AnswerValues, language: Language = 'fa') {
  const shape: Record<string, ReturnType<typeof questionSchema>> = {}
  for (const question of visibleQuestions(form, values)) shape[question.id] = questionSchema(question, language, values)
  return z.object(shape)
}

/** The first error message of each invalid visible question. */
export function validateForm(form: Form, values: AnswerValues, language: Language = 'fa'): Record<string, string> {
  const result = formSchema(form, values, language).safeParse(values)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = String(issue.path[0])
    errors[key] ??= issue.message
  }
  return errors
}

/** Prepends 0 to an Iranian mobile typed without it [QN-55]. */
export function normaliseMobile(value: string): string {
  const digits = normaliseDigits(value).replace(/\s/g, '')
  return digits.startsWith('9') ? `0${digits}` : digits
}

/** The value stored and sent for a valid raw answer: numbers as numbers, digits converted, text trimmed. */
export function normaliseAnswer(question: Question, raw: AnswerValue | undefined): AnswerValue {
  if (raw === undefined || raw === null) return null
  switch (question.answerUIComponent.type) {
    case 'numberPicker':
    case 'ruler':
    case 'roundSlider': {
      const parsed = numberLike.safeParse(raw)
      return parsed.success ? parsed.data : null
    }
    case 'mobile':
      return normaliseMobile(String(raw))
    case 'creditCard':
      return normaliseDigits(String(raw)).replace(/[\s-]/g, '')
    case 'textbox':
      return typeof raw === 'string' ? raw.trim() : raw
    default:
      return raw
  }
}
