import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'

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
    await request.post(`${baseURL}/api/setup`, {
      data: { username: ROOT.username, password: ROOT.password, confirmPassword: ROOT.password },
    })
  }
}

/** Signs the root in through the API; answers the header the console API wants beside the cookie. */
export async function rootHeaders(
  request: APIRequestContext,
  baseURL: string | undefined
): Promise<Record<string, string>> {
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

/** Adds a channel as root (the e2e upstreams live on loopback, so private addresses are allowed) and answers its id. */
export async function addChannel(
  request: APIRequestContext,
  baseURL: string | undefined,
  headers: Record<string, string>,
  channel: { name: string; type: number; key: string; base_url: string; models: string; priority?: number }
): Promise<number> {
  const created = await (
    await request.post(`${baseURL}/api/channel/`, {
      headers,
      data: { group: 'default', priority: 100, private_network: 1, ...channel },
    })
  ).json()
  expect(created.success, created.message).toBe(true)
  return created.data[0].id
}

export interface ConsoleLook {
  width: number
  height?: number
  language: 'zh' | 'en'
  theme: 'light' | 'dark'
}

/** Every look a page is pictured in: light and dark, Chinese and English, desktop and phone. */
export const LOOKS: ConsoleLook[] = (['light', 'dark'] as const).flatMap((theme) =>
  (['zh', 'en'] as const).flatMap((language) => [1280, 375].map((width) => ({ width, language, theme })))
)

/**
 * A fresh browser context signed in as root through the API, in the given size, language and theme,
 * with `storage` added to its localStorage before any page script runs.
 */
export async function openConsoleAs(
  browser: Browser,
  baseURL: string | undefined,
  look: ConsoleLook,
  storage: Record<string, string> = {}
) {
  const context = await browser.newContext({ baseURL, viewport: { width: look.width, height: look.height ?? 800 } })
  const login = await (await context.request.post('/api/user/login', { data: ROOT })).json()
  expect(login.success, login.message).toBe(true)
  await context.addInitScript(
    (entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
    },
    { 'theme-mode': look.theme, i18nextLng: look.language, user: JSON.stringify(login.data), ...storage }
  )
  return { context, page: await context.newPage() }
}

/**
 * Waits until no finite CSS animation or transition is running (a drawer sliding in, a fade), so colours
 * and boxes are final. Endless ones (a spinner) never finish and are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity
      )
  )
}

/**
 * Closes a dialog or drawer (`[data-testid=testId]`) with `close` and checks what it shows on every
 * animation frame while Radix plays its exit (`data-state=closed`), until it is gone: there is such a
 * frame, each keeps the heading it had when open, and each still holds `text` (some of its content,
 * which the page may already have cleared), so it never turns into another dialog or empties; and
 * each is inert, since what it holds still carries the handlers of its last open render.
 */
export async function expectClosesAsShown(page: Page, testId: string, close: () => Promise<void>, text: string) {
  const title = await page.getByTestId(testId).locator('h2').textContent()
  const watching = page.evaluate(
    (id) =>
      new Promise<{ title: string; text: string; inert: boolean }[]>((resolve) => {
        const frames: { title: string; text: string; inert: boolean }[] = []
        const look = () => {
          const box = document.querySelector(`[data-testid="${id}"]`)
          if (!box) return resolve(frames)
          if (box.getAttribute('data-state') === 'closed')
            frames.push({
              title: box.querySelector('h2')?.textContent ?? '',
              text: box.textContent ?? '',
              inert: (box as HTMLElement).inert,
            })
          requestAnimationFrame(look)
        }
        requestAnimationFrame(look)
      }),
    testId
  )
  await close()
  const frames = await watching
  expect(frames.length, 'frames of the exit animation').toBeGreaterThan(0)
  expect([...new Set(frames.map((frame) => frame.title))]).toEqual([title])
  expect(frames.filter((frame) => !frame.text.includes(text)).length, `frames without "${text}"`).toBe(0)
  expect(frames.filter((frame) => !frame.inert).length, 'frames that can still be clicked').toBe(0)
}
