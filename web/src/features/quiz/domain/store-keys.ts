/**
 * The answer store (spec 3 §3 "Answer store", §4): question id → { value, questionName } in session storage under
 * `user_answers`; the answers record id in session `form_answer_id` and local `formId`, its edit token beside the id
 * in session `form_answer_edit_token`; the form type in session `form_type` [QN-39…QN-46].
 */
export const STORE_KEYS = {
  answers: 'user_answers',
  formAnswerId: 'form_answer_id',
  /** The edit token the create call answered: while the record has no customer, only its holder may PATCH it. */
  formAnswerEditToken: 'form_answer_edit_token',
  formType: 'form_type',
  /** Steps completed per flow, for the step counter [QN-40]. */
  completedSteps: 'completed_steps',
  /** The perfect-body referral of good-looking [QN-45]. */
  referral: 'referral',
  /** The registration fields the stored referral was given for: other answers need a new registration. */
  referralFor: 'referral_for',
  /** Set by a successful extend-diet submit: /result then confirms it instead of the good-looking result. */
  extendDietSent: 'extend_diet_sent',
} as const
