import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readItem, storageKeys, writeItem } from '@/lib/storage'
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

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: [...languages],
  ns: [...namespaces],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  // Resources are bundled, so initialise synchronously: the first render already has text.
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
