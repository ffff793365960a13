import { z } from 'zod'

/** Tabs of /setting, all admin-only; `operation` is the default (spec §2). */
export const settingTabs = ['operation', 'ratelimit', 'models', 'system', 'other'] as const
export type SettingTab = (typeof settingTabs)[number]

export const settingSearchSchema = z.object({
  tab: z.enum(settingTabs).catch('operation'),
})
