import { redirect, type LoaderFunctionArgs } from 'react-router'
import { removeSetting, writeSetting } from '@/config/flags'
import { fallbackPath } from '@/config/paths'

/** Session keys of the questionnaire answer store (spec 3 §3). */
export const ANSWER_STORE_KEYS = ['user_answers', 'form_answer_id', 'form_answer_edit_token', 'form_type'] as const

/** `/bm_{id}`: the old diet landing; any other single path segment is unknown [RG-01, RG-30]. */
export function oldDietLanding({ params }: LoaderFunctionArgs) {
  if (!params.landing?.startsWith('bm_')) return redirect(fallbackPath)
  removeSetting('landing')
  writeSetting('source', 'LEMONADE')
  writeSetting('productsTag', 'DIET')
  return null
}

/** The konkur flow shops KONKUR products; its landing step kn_1 starts with no saved answers [RG-31]. */
export function konkurLanding({ params }: LoaderFunctionArgs) {
  writeSetting('productsTag', 'KONKUR')
  if (params.id === 'kn_1') {
    for (const key of ANSWER_STORE_KEYS) removeSetting(key)
  }
  return null
}

/** The psychology flow and its result pages shop MIND products [RG-32]. */
export function psychologyLanding() {
  writeSetting('productsTag', 'MIND')
  return null
}
