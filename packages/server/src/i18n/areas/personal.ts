/** Messages of the personal area; merged into the one dictionary in ../messages.ts. */
export const personalMessages = {} as const satisfies Record<string, { zh: string; en: string }>
