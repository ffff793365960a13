import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readItem, storageKeys, writeItem } from '@/lib/storage'
import zhCommon from './locales/zh/common.json'
import zhErrors from './locales/zh/errors.json'
import zhNav from './locales/zh/nav.json'
import { languages, namespaces, resources, type Language } from './resources'

export { languages, type Language } from './resources'

export const fallbackLanguage: Language = 'zh'

function isLanguage(value: string | null | undefined): value is Language {
  return languages.includes(value as Language)
}

/** Saved choice first, then the browser's language, then Chinese. */
export function detectLanguage(): Language {
  const saved = readItem(storageKeys.language)
  if (isLanguage(saved)) return saved
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.slice(0, 2).toLowerCase()
  return isLanguage(browser) ? browser : fallbackLanguage
}

/**
 * The shell's namespaces (top bar, side navigation, error toasts) in Chinese, the fallback every
 * visitor loads, come with the first load; another language's shell is fetched before the first
 * render (see i18nReady). Every other namespace is a chunk of its own, fetched before a page that
 * needs it renders (see route-namespaces.ts) or, for anything the table missed, when a component
 * asks for it (it suspends until then). Unit tests keep everything bundled: the branch is decided
 * at build time, so the bundle never has it.
 */
const bundledEverything = import.meta.env.MODE === 'test'
const shell = { zh: { common: zhCommon, nav: zhNav, errors: zhErrors } }
const shellNamespaces = Object.keys(shell.zh)
const lazyLocales = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json'], { import: 'default' })
const fileOf = (namespace: string) => namespace.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = lazyLocales[`./locales/${language}/${fileOf(namespace)}.json`]
    if (!load) return callback(new Error(`no locale file for ${language}/${namespace}`), false)
    load().then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false)
    )
  },
}

export const i18n = i18next.createInstance()
if (!bundledEverything) i18n.use(lazyLocaleBackend)

/**
 * Settles once the shell's texts of the visitor's language are there: at once in Chinese (bundled),
 * after one small fetch in English. main.tsx renders the console after it, so nothing shows in the
 * wrong language first. (If the fetch fails, i18next falls back to the bundled Chinese.)
 */
export const i18nReady: Promise<unknown> = i18n.use(initReactI18next).init({
  resources: bundledEverything ? resources : shell,
  partialBundledLanguages: !bundledEverything,
  lng: detectLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: [...languages],
  ns: bundledEverything ? [...namespaces] : shellNamespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  // The Chinese shell is bundled, so initialise synchronously: the first render already has text.
  initAsync: false,
  returnNull: false,
})

function applyLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh' ? 'zh-CN' : language
}

applyLanguage(i18n.language)
i18n.on('languageChanged', (language) => {
  writeItem(storageKeys.language, language)
  applyLanguage(language)
})

export function changeLanguage(language: Language): void {
  void i18n.changeLanguage(language)
}
