/** Messages of the wallet area; merged into the one dictionary in ../messages.ts. */
export const walletMessages = {} as const satisfies Record<string, { zh: string; en: string }>
