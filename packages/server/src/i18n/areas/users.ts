/** Messages of the users area; merged into the one dictionary in ../messages.ts. */
export const usersMessages = {} as const satisfies Record<string, { zh: string; en: string }>
