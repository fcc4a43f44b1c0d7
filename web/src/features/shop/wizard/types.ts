import type { components } from '@/lib/api'

/** The wizard's configuration and its parts, exactly as the generated API schema describes them. */
export type WizardConfig = components['schemas']['WizardConfigDto']
export type WizardPage = components['schemas']['WizardPage']
export type WizardOption = components['schemas']['WizardOption']
export type OptionUi = components['schemas']['OptionUi']
export type TopContent = components['schemas']['TopContent']
