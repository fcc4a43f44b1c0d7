import type { Translation } from '@/i18n'

/** Keys of `screens.*` in the locale files: the titles of screens. */
export type ScreenTitleKey = keyof Translation['screens']
