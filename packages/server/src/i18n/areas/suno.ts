/** Messages of the suno area; merged into the one dictionary in ../messages.ts. */
export const sunoMessages = {} as const satisfies Record<string, { zh: string; en: string }>
