import { describe, expect, it } from 'vitest'
import { QUIZ_MESSAGES } from '../domain/messages'
import { dietRequestForms, extendDietForm, flows } from './index'

/*
 * The questionnaires keep their texts with the forms, not in src/i18n: the same parity the i18n files have (every
 * Persian text has its Turkish one) is checked here.
 */

/** Every form text (an object with a Persian `fa`) under `value`, with where it is. */
function formTexts(value: unknown, path: string): { path: string; fa: string; tr: unknown }[] {
  if (typeof value !== 'object' || value === null) return []
  if ('fa' in value && typeof value.fa === 'string') return [{ path, fa: value.fa, tr: 'tr' in value ? value.tr : undefined }]
  return Object.entries(value).flatMap(([key, child]) => formTexts(child, `${path}.${key}`))
}

describe('questionnaire texts', () => {
  const texts = formTexts({ flows, extendDietForm, dietRequestForms, QUIZ_MESSAGES }, 'quiz')
  const PERSIAN_LETTERS = /[\u0600-\u06FF]/

  it('are found in every flow', () => {
    for (const flow of Object.keys(flows)) expect(texts.some((text) => text.path.startsWith(`quiz.flows.${flow}.`))).toBe(true)
  })

  it('have a Turkish version for every Persian text, as the i18n files have the same keys [CT-05]', () => {
    const missing = texts.filter((text) => typeof text.tr !== 'string' || text.tr.trim() === '' || PERSIAN_LETTERS.test(text.tr))
    expect(missing).toEqual([])
  })
})
