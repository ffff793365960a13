/** Messages of the account area; merged into the one dictionary in ../messages.ts. */
export const accountMessages = {} as const satisfies Record<string, { zh: string; en: string }>
