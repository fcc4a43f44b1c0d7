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
 * screen of a Persian visit waits for (`loadLaterTexts`). Turkish is one chunk, fetched only when a visitor asks for
 * it (and then it is all a Turkish visit fetches), so each visit downloads one language, and only what it shows.
 */
const loaders: Record<Exclude<Language, typeof defaultLanguage>, () => Promise<{ default: Translation }>> = {
  tr: () => import('./tr.json'),
}
const loaded: Partial<Record<Language, Partial<Translation>>> = { fa: faFirst }

/** The instances createI18n made (the app makes one; each test its own): the later Persian texts reach them all. */
const instances = new Set<I18n>()
let persianLater: Promise<void> | undefined
/** A screen after the first has asked for its texts: a later switch to Persian fetches the later Persian texts. */
let laterScreens = false

/** Fetches the later Persian texts once and adds them to every instance; a failed fetch is tried again next time. */
function loadPersianLater(): Promise<void> {
  persianLater ??= import('./fa-later.json').then(
    ({ default: later }) => {
      loaded.fa = { ...loaded.fa, ...later }
      for (const instance of instances) instance.addResourceBundle(defaultLanguage, 'translation', later, true)
    },
    (failure: unknown) => {
      persianLater = undefined
      throw failure
    },
  )
  return persianLater
}

/**
 * The texts of the screens after the first, in the language shown: nothing to fetch when every instance shows
 * Turkish with its texts loaded (one file, and the parity test keeps every Persian key in it, so the Persian
 * fallback is never reached); the later Persian texts otherwise (a Persian screen, or a Turkish visit whose texts
 * did not load and which shows Persian).
 */
export function loadLaterTexts(): Promise<void> {
  laterScreens = true
  const shown = [...instances].map((instance) => instance.language)
  const allTurkish = shown.length > 0 && shown.every((language) => language !== defaultLanguage && language in loaded)
  return allTurkish ? Promise.resolve() : loadPersianLater()
}

/** Fetches a language's texts once; the app awaits it before the first render and before a switch. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === defaultLanguage || loaded[language]) return
  loaded[language] = (await loaders[language]()).default
}

/** Switches a running instance to `language`, loading its texts first (Persian's later ones once a later screen ran). */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await loadLanguage(language)
  if (language === defaultLanguage && laterScreens) await loadPersianLater()
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
