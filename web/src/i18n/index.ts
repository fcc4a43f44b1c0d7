import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import fa from './fa.json'
import tr from './tr.json'

export const defaultLanguage = 'fa'
export const languages = ['fa', 'tr'] as const
export type Language = (typeof languages)[number]

export const resources = {
  fa: { translation: fa },
  tr: { translation: tr },
} as const

/** Session storage key keeping the language a visitor chose with `?lang=` in the address [CT-05]. */
export const LANGUAGE_KEY = 'lang'

function isLanguage(value: string | null): value is Language {
  return languages.some((language) => language === value)
}

/** The `lang` query of the address (before or after the hash router's `#`), when it names a known language. */
export function languageInAddress(location: Pick<Location, 'search' | 'hash'> = window.location): Language | null {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : ''
  for (const query of [hashQuery, location.search]) {
    const wanted = new URLSearchParams(query).get('lang')
    if (isLanguage(wanted)) return wanted
  }
  return null
}

/**
 * The language to use now: the address's `?lang=fa|tr`, kept for the rest of the session; else the one kept
 * earlier in this session; else Persian (spec 1 §1, 3 §9: fa by default, tr also available).
 */
export function chosenLanguage(location: Pick<Location, 'search' | 'hash'> = window.location): Language {
  const inAddress = languageInAddress(location)
  if (inAddress !== null) {
    window.sessionStorage.setItem(LANGUAGE_KEY, inAddress)
    return inAddress
  }
  const kept = window.sessionStorage.getItem(LANGUAGE_KEY)
  return isLanguage(kept) ? kept : defaultLanguage
}

/** Writing direction of a language: Persian is right-to-left. */
export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'fa' ? 'rtl' : 'ltr'
}

/** A fresh, initialised i18next instance (the app uses one; each test gets its own). */
export function createI18n(language: Language = defaultLanguage): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  return instance
}
