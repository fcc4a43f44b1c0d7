import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import faFirst from './fa-first.json'
import type faLater from './fa-later.json'

export const defaultLanguage = 'fa'
export const languages = ['fa', 'tr'] as const
export type Language = (typeof languages)[number]

/** Every text of a language: Turkish in one file, Persian in two (below). */
export type Translation = typeof faFirst & typeof faLater

/**
 * Persian ships in the first bundle with only the first screen's texts (`fa-first.json`: the sign-in popup, the top
 * bar and its menu, the chunk-load message); the rest (`fa-later.json`) is its own chunk, which every lazily loaded
 * screen waits for (`loadLaterTexts`). Turkish is one chunk, fetched only when a visitor asks for it, so a Persian
 * first screen downloads one language, and only what it shows.
 */
const loaders: Record<Exclude<Language, typeof defaultLanguage>, () => Promise<{ default: Translation }>> = {
  tr: () => import('./tr.json'),
}
const loaded: Partial<Record<Language, Partial<Translation>>> = { fa: faFirst }

/** The instances createI18n made (the app makes one; each test its own): the later Persian texts reach them all. */
const instances = new Set<I18n>()
let laterTexts: Promise<void> | undefined

/**
 * Fetches the Persian texts of the screens after the first, once, and adds them to every instance; a failed fetch
 * is tried again at the next call. Persian is every language's fallback, so this holds whatever the language.
 */
export function loadLaterTexts(): Promise<void> {
  laterTexts ??= import('./fa-later.json').then(
    ({ default: later }) => {
      loaded.fa = { ...loaded.fa, ...later }
      for (const instance of instances) instance.addResourceBundle(defaultLanguage, 'translation', later, true)
    },
    (failure: unknown) => {
      laterTexts = undefined
      throw failure
    },
  )
  return laterTexts
}

/** Fetches a language's texts once; the app awaits it before the first render and before a switch. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === defaultLanguage || loaded[language]) return
  loaded[language] = (await loaders[language]()).default
}

/** Switches a running instance to `language`, loading its texts first. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await loadLanguage(language)
  const texts = loaded[language]
  if (texts && !instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', texts)
  }
  await instance.changeLanguage(language)
}

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

/**
 * A fresh, initialised i18next instance (the app uses one; each test gets its own) with every language loaded so
 * far, and the later Persian texts when they arrive; `language` shows in Persian until `loadLanguage` has fetched
 * it.
 */
export function createI18n(language: Language = defaultLanguage): I18n {
  const instance = i18next.createInstance()
  const resources = Object.fromEntries(Object.entries(loaded).map(([code, texts]) => [code, { translation: texts }]))
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  instances.add(instance)
  return instance
}
