import enAuth from './locales/en/auth.json'
import enCommon from './locales/en/common.json'
import enErrors from './locales/en/errors.json'
import enNav from './locales/en/nav.json'
import enPages from './locales/en/pages.json'
import enSetup from './locales/en/setup.json'
import zhAuth from './locales/zh/auth.json'
import zhCommon from './locales/zh/common.json'
import zhErrors from './locales/zh/errors.json'
import zhNav from './locales/zh/nav.json'
import zhPages from './locales/zh/pages.json'
import zhSetup from './locales/zh/setup.json'

export const namespaces = ['common', 'auth', 'nav', 'errors', 'pages', 'setup'] as const

// zh is the source language: its shape types every t() key (see i18next.d.ts).
export const resources = {
  zh: { common: zhCommon, auth: zhAuth, nav: zhNav, errors: zhErrors, pages: zhPages, setup: zhSetup },
  en: { common: enCommon, auth: enAuth, nav: enNav, errors: enErrors, pages: enPages, setup: enSetup },
} as const

export const languages = ['zh', 'en'] as const
export type Language = (typeof languages)[number]
