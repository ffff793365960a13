import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

/** The server's address is only known after global setup, so baseURL is resolved per test. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL)
  },
})

export { expect }

export const ROOT = { username: 'root', password: 'rootpass123' }

/** Creates the root account through the API unless the first-run story already did. */
export async function ensureRoot(request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const setup = await (await request.get(`${baseURL}/api/setup`)).json()
  if (!setup.data.status) {
    await request.post(`${baseURL}/api/setup`, { data: { username: ROOT.username, password: ROOT.password, confirmPassword: ROOT.password } })
  }
}

/** Signs the root in through the API; answers the header the console API wants beside the cookie. */
export async function rootHeaders(request: APIRequestContext, baseURL: string | undefined): Promise<Record<string, string>> {
  const login = await (await request.post(`${baseURL}/api/user/login`, { data: ROOT })).json()
  expect(login.success, login.message).toBe(true)
  return { 'New-Api-User': String(login.data.id) }
}

/** Signs the root in through the login page (in English when asked), landing on /token. */
export async function signIn(page: Page, options: { english?: boolean } = {}): Promise<void> {
  if (options.english) await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/login')
  await page.getByTestId('login-username').fill(ROOT.username)
  await page.getByTestId('login-password').fill(ROOT.password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/token$/)
}
