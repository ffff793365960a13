/** Messages of the settings area; merged into the one dictionary in ../messages.ts. */
export const settingsMessages = {
  'settings.update_check_failed': {
    zh: '检查更新失败，请稍后再试',
    en: 'Check for updates failed, please try again later',
  },
} as const satisfies Record<string, { zh: string; en: string }>
