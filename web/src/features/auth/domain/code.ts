import { toLatinDigits } from '@/lib/digits'

/** Code length and placeholder character (spec 1 §9). */
export const CODE_LENGTH = 6
export const CODE_PLACEHOLDER = '-'

/** Latin digits, no spaces, at most 6 characters [AU-18, AU-20, AU-23]. */
export function sanitiseCode(raw: string): string {
  return toLatinDigits(raw).replace(/\s+/g, '').slice(0, CODE_LENGTH)
}

export type CodeProblem = 'required' | 'placeholder'

/** Valid only when non-empty and without the placeholder dash [AU-21]. */
export function codeProblem(value: string): CodeProblem | null {
  const code = sanitiseCode(value)
  if (code === '') return 'required'
  if (code.includes(CODE_PLACEHOLDER)) return 'placeholder'
  return null
}
