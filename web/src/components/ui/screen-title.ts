import type fa from '@/i18n/fa.json'

/** Keys of `screens.*` in the locale files: the titles of screens. */
export type ScreenTitleKey = keyof (typeof fa)['screens']
