import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportedForms, formFileText } from './export-forms'

/**
 * The committed form definitions of the BFF (`bff/forms`) must equal the TypeScript forms. With UPDATE_FORMS=1
 * (`npm run export:forms`) this writes them instead.
 */
const FOLDER = `${resolve(import.meta.dirname, '../../bff/forms')}${sep}`
const forms = exportedForms()
const fileOf = (formType: string) => `${formType}.json`

if (process.env.UPDATE_FORMS === '1') {
  mkdirSync(FOLDER, { recursive: true })
  for (const name of readdirSync(FOLDER)) if (name.endsWith('.json')) rmSync(`${FOLDER}${name}`)
  for (const form of forms) writeFileSync(`${FOLDER}${fileOf(form.formType)}`, formFileText(form))
}

describe('bff/forms, the form definitions the BFF validates answers against', () => {
  // On a failure here, run `npm run export:forms` in web/ and commit bff/forms.
  it('holds one file per form type and nothing else', () => {
    const committed = readdirSync(FOLDER).filter((name) => name.endsWith('.json')).sort()
    expect(committed).toEqual(forms.map((form) => fileOf(form.formType)).sort())
  })

  it.each(forms.map((form) => [form.formType, form] as const))('%s matches the TypeScript form', (formType, form) => {
    const committed = readFileSync(`${FOLDER}${fileOf(formType)}`, 'utf8')
    expect(committed).toBe(formFileText(form))
  })

  it('names every question once per form, so a record cannot be ambiguous', () => {
    for (const form of forms) {
      const ids = form.questions.map((question) => question.id)
      expect([form.formType, new Set(ids).size]).toEqual([form.formType, ids.length])
    }
  })
})
