/** Messages of the dashboard area; merged into the one dictionary in ../messages.ts. */
export const dashboardMessages = {} as const satisfies Record<string, { zh: string; en: string }>
