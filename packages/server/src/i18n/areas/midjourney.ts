/** Messages of the midjourney area; merged into the one dictionary in ../messages.ts. */
export const midjourneyMessages = {} as const satisfies Record<string, { zh: string; en: string }>
