import { oneOf, searchParams, withDefault } from '@/lib/search-params'

/** Tabs of /setting, all admin-only; `operation` is the default (spec §2). */
export const settingTabs = ['operation', 'ratelimit', 'models', 'system', 'other'] as const
export type SettingTab = (typeof settingTabs)[number]

export const settingSearchSchema = searchParams({ tab: withDefault(oneOf(settingTabs), 'operation') })
