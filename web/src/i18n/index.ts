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
