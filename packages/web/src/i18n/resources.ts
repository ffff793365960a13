import enAccount from './locales/en/account.json'
import enAuth from './locales/en/auth.json'
import enChannels from './locales/en/channels.json'
import enChat from './locales/en/chat.json'
import enCommon from './locales/en/common.json'
import enDashboard from './locales/en/dashboard.json'
import enErrors from './locales/en/errors.json'
import enLogs from './locales/en/logs.json'
import enMidjourney from './locales/en/midjourney.json'
import enNav from './locales/en/nav.json'
import enPages from './locales/en/pages.json'
import enPersonal from './locales/en/personal.json'
import enPlayground from './locales/en/playground.json'
import enPricing from './locales/en/pricing.json'
import enRedemptions from './locales/en/redemptions.json'
import enSettings from './locales/en/settings.json'
import enSetup from './locales/en/setup.json'
import enSuno from './locales/en/suno.json'
import enTokens from './locales/en/tokens.json'
import enTwoFactor from './locales/en/two-factor.json'
import enUsers from './locales/en/users.json'
import enWallet from './locales/en/wallet.json'
import zhAccount from './locales/zh/account.json'
import zhAuth from './locales/zh/auth.json'
import zhChannels from './locales/zh/channels.json'
import zhChat from './locales/zh/chat.json'
import zhCommon from './locales/zh/common.json'
import zhDashboard from './locales/zh/dashboard.json'
import zhErrors from './locales/zh/errors.json'
import zhLogs from './locales/zh/logs.json'
import zhMidjourney from './locales/zh/midjourney.json'
import zhNav from './locales/zh/nav.json'
import zhPages from './locales/zh/pages.json'
import zhPersonal from './locales/zh/personal.json'
import zhPlayground from './locales/zh/playground.json'
import zhPricing from './locales/zh/pricing.json'
import zhRedemptions from './locales/zh/redemptions.json'
import zhSettings from './locales/zh/settings.json'
import zhSetup from './locales/zh/setup.json'
import zhSuno from './locales/zh/suno.json'
import zhTokens from './locales/zh/tokens.json'
import zhTwoFactor from './locales/zh/two-factor.json'
import zhUsers from './locales/zh/users.json'
import zhWallet from './locales/zh/wallet.json'

export const namespaces = [
  'common',
  'auth',
  'nav',
  'errors',
  'pages',
  'setup',
  'channels',
  'tokens',
  'redemptions',
  'chat',
  'pricing',
  'playground',
  'logs',
  'dashboard',
  'midjourney',
  'suno',
  'users',
  'wallet',
  'personal',
  'account',
  'settings',
  'twoFactor',
] as const

// zh is the source language: its shape types every t() key (see i18next.d.ts).
export const resources = {
  zh: {
    common: zhCommon,
    auth: zhAuth,
    nav: zhNav,
    errors: zhErrors,
    pages: zhPages,
    setup: zhSetup,
    channels: zhChannels,
    tokens: zhTokens,
    redemptions: zhRedemptions,
    chat: zhChat,
    pricing: zhPricing,
    playground: zhPlayground,
    logs: zhLogs,
    dashboard: zhDashboard,
    midjourney: zhMidjourney,
    suno: zhSuno,
    users: zhUsers,
    wallet: zhWallet,
    personal: zhPersonal,
    account: zhAccount,
    settings: zhSettings,
    twoFactor: zhTwoFactor,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    nav: enNav,
    errors: enErrors,
    pages: enPages,
    setup: enSetup,
    channels: enChannels,
    tokens: enTokens,
    redemptions: enRedemptions,
    chat: enChat,
    pricing: enPricing,
    playground: enPlayground,
    logs: enLogs,
    dashboard: enDashboard,
    midjourney: enMidjourney,
    suno: enSuno,
    users: enUsers,
    wallet: enWallet,
    personal: enPersonal,
    account: enAccount,
    settings: enSettings,
    twoFactor: enTwoFactor,
  },
} as const

export const languages = ['zh', 'en'] as const
export type Language = (typeof languages)[number]
