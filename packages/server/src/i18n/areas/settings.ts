/** Messages of the settings area; merged into the one dictionary in ../messages.ts. */
export const settingsMessages = {} as const satisfies Record<string, { zh: string; en: string }>
