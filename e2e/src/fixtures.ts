import { test as base, expect } from '@playwright/test'

/** The server's address is only known after global setup, so baseURL is resolved per test. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL)
  },
})

export { expect }

export const ROOT = { username: 'root', password: 'rootpass123' }
