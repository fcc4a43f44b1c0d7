import type { Flow, FlowId } from '../types'
import { betterme } from './betterme'
import { goodLooking } from './good-looking'
import { konkur } from './konkur'
import { nowruz } from './nowruz'
import { psychology } from './psychology'

/** The questionnaire flows by id. */
export const flows: Readonly<Record<FlowId, Flow>> = {
  'good-looking': goodLooking,
  betterme,
  nowruz,
  psychology,
  konkur,
}

export { betterme, goodLooking, konkur, nowruz, psychology }
export { extendDietForm } from './extend-diet'
export { dietRequestForms } from './diet-request'
