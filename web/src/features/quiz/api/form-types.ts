/**
 * `formType` of the answer records of the two forms that are not questionnaire flows (the flows carry their own,
 * `Flow.formType`). The BFF validates each record against `bff/forms/{formType}.json`.
 */
export const FORM_TYPES = {
  /** The extend-diet form `f1` [QN-52…QN-57]. */
  extendDiet: 'extend-diet',
  /** The detailed diet-request form, sections f1 to f10 (each send's `formId` is the section id) [QN-58…QN-65]. */
  dietRequest: 'diet-request',
} as const

/** The `step` of the extend-diet form's final submit with a user id (spec 3 §7) [QN-56]. */
export const FINAL_SUBMIT_STEP = '100'
