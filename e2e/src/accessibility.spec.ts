import { AxeBuilder } from '@axe-core/playwright'
import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { animationsDone, ensureRoot, expect, rootHeaders, signIn, test } from './fixtures.ts'

/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on every page of the console, signed out
 * and signed in as root, in Chinese and in English, in the light theme (and the dark one for a few
 * pages), plus the main drawers and dialogs. A serious or critical violation fails the page with
 * its rule, the offending elements and axe's help. Then the keyboard: on /token the Add button, a
 * row's actions menu and the pager are reached with Tab alone and work with Enter/Space, and so
 * does the side navigation.
 *
 * The lists are seeded through the API (a channel on a mock upstream, tokens, two relay calls for
 * the usage log, a redemption code, a user) so tables are checked with rows in them.
 */
type Language = 'zh' | 'en'
type Theme = 'light' | 'dark'

const languages: Language[] = ['zh', 'en']
const suffix = Date.now().toString(36)
const tokenPrefix = `a11y-${suffix}`
const model = 'gpt-4o-mini'

const publicPages = [
  '/',
  '/login',
  '/register',
  '/reset',
  '/user/reset?email=a11y%40example.com&token=x',
  '/setup',
  '/pricing',
  '/about',
  '/no-such-page',
]
const listPages = ['/detail', '/token', '/log', '/midjourney', '/task', '/channel', '/redemption', '/user']
const otherPages = [
  '/setting?tab=operation',
  '/setting?tab=ratelimit',
  '/setting?tab=models',
  '/setting?tab=system',
  '/setting?tab=other',
  '/topup',
  '/personal',
  '/playground',
  '/chat/0',
  '/chat2link',
  // Public pages again, now with the signed-in top bar.
  '/',
  '/pricing',
]
/** A few pages in the dark theme: the shell, a table, a form and a card page. */
const darkPages = ['/', '/login', '/token', '/log', '/channel', '/setting?tab=operation', '/personal', '/topup']

let upstream: MockUpstream
let channelId: number | undefined
let userId: number | undefined

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(60_000)
  await ensureRoot(request, baseURL)
  upstream = await startMockUpstream()
  const headers = await rootHeaders(request, baseURL)
  const ok = async (
    response: Promise<{ json: () => Promise<{ success: boolean; message?: string; data?: unknown }> }>
  ) => {
    const body = await (await response).json()
    expect(body.success, body.message).toBe(true)
    return body.data as never
  }
  const channel: { id: number }[] = await ok(
    request.post(`${baseURL}/api/channel/`, {
      headers,
      data: {
        name: `a11y-${suffix}`,
        type: 1,
        key: 'sk-a11y-mock',
        base_url: upstream.url,
        models: model,
        group: 'default',
        priority: 100,
        private_network: 1,
      },
    })
  )
  channelId = channel[0]?.id
  // More tokens than one page holds, so the pager has somewhere to go.
  let key = ''
  for (let index = 0; index < 12; index++) {
    const token: { key: string } = await ok(
      request.post(`${baseURL}/api/token/`, {
        headers,
        data: { name: `${tokenPrefix}-${index}`, unlimited_quota: true, expired_time: -1 },
      })
    )
    key ||= token.key
  }
  for (const content of ['first call', 'second call']) {
    const response = await fetch(`${baseURL}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    await response.text()
  }
  await ok(
    request.post(`${baseURL}/api/redemption/`, { headers, data: { name: `a11y-${suffix}`, quota: 500_000, count: 2 } })
  )
  await ok(
    request.post(`${baseURL}/api/user/`, {
      headers,
      data: { username: `a11y${suffix}`.slice(0, 20), password: 'a11ypass123', display_name: 'A11y' },
    })
  )
  const users = await (
    await request.get(`${baseURL}/api/user/search?keyword=a11y${suffix}`.slice(0, 200), { headers })
  ).json()
  userId = users.data?.items?.[0]?.id
})

test.afterAll(async ({ request, baseURL }) => {
  const headers = await rootHeaders(request, baseURL)
  if (channelId !== undefined) await request.delete(`${baseURL}/api/channel/${channelId}/`, { headers })
  if (userId !== undefined) await request.delete(`${baseURL}/api/user/${userId}/`, { headers })
  await upstream?.stop()
})

async function openContext(
  browser: Browser,
  baseURL: string | undefined,
  language: Language,
  theme: Theme
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, colorScheme: theme })
  await context.addInitScript(
    ({ lang, mode }) => {
      localStorage.setItem('i18nextLng', lang)
      localStorage.setItem('theme-mode', mode)
    },
    { lang: language, mode: theme }
  )
  return context
}

/** The page has settled: no request in flight, no loading placeholder, the language and theme applied. */
async function settle(page: Page, language: Language, theme: Theme): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[data-slot="skeleton"], [data-testid="page-pending"]')).toHaveCount(0, { timeout: 10_000 })
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? /^zh/ : /^en/)
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  // Transitions and entry animations must have finished before colours are measured.
  await animationsDone(page)
}

/** Runs axe on the page (or one part of it) and answers the serious and critical violations, readable. */
async function violations(page: Page, include?: string): Promise<string[]> {
  // Only violations are reported back (passes and incomplete are not collected): much faster on big tables.
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
  if (include) builder = builder.include(include)
  const { violations: found } = await builder.analyze()
  return found
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 5)
        .map(
          (node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.split('\n').slice(1).join('; ') ?? ''}`
        )
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets.join('\n')}`
    })
}

/** Checks each page; every page's violations are gathered so one run shows them all. */
async function checkPages(page: Page, paths: string[], language: Language, theme: Theme): Promise<void> {
  for (const path of paths) {
    await page.goto(path)
    await settle(page, language, theme)
    const found = await violations(page)
    expect.soft(found, `${path} (${language}, ${theme}):\n${found.join('\n')}`).toEqual([])
  }
}

/** Opens something (a drawer or a dialog) and checks the page with it open. */
async function checkOpened(
  page: Page,
  label: string,
  open: () => Promise<void>,
  opened: Locator,
  language: Language
): Promise<void> {
  await open()
  await expect(opened).toBeVisible()
  await animationsDone(page)
  const found = await violations(page)
  expect.soft(found, `${label} (${language}):\n${found.join('\n')}`).toEqual([])
  await page.keyboard.press('Escape')
  await expect(opened).toBeHidden()
}

for (const language of languages) {
  test.describe(`axe (${language})`, () => {
    // One signed-in context per language, shared by the tests of this group (a failure re-signs in).
    let page: Page

    test.beforeAll(async ({ browser, baseURL }) => {
      const context = await openContext(browser, baseURL, language, 'light')
      page = await context.newPage()
      await signIn(page)
    })

    test.afterAll(async () => {
      await page?.context().close()
    })

    test('every public page, signed out', async ({ browser, baseURL }) => {
      test.setTimeout(300_000)
      const context = await openContext(browser, baseURL, language, 'light')
      await checkPages(await context.newPage(), publicPages, language, 'light')
      await context.close()
    })

    test('the list pages', async () => {
      test.setTimeout(300_000)
      await checkPages(page, listPages, language, 'light')
    })

    test('the settings, wallet, account, playground and chat pages', async () => {
      test.setTimeout(300_000)
      await checkPages(page, otherPages, language, 'light')
    })

    test('the token and channel drawers, column settings and a confirm dialog', async () => {
      test.setTimeout(300_000)
      await page.goto('/token')
      await settle(page, language, 'light')
      await checkOpened(
        page,
        'token editor drawer',
        () => page.getByTestId('tokens-add').click(),
        page.getByTestId('token-editor'),
        language
      )

      await page.goto('/channel')
      await settle(page, language, 'light')
      await checkOpened(
        page,
        'column settings dialog',
        () => page.getByTestId('column-settings-trigger').click(),
        page.getByTestId('column-settings'),
        language
      )
      await checkOpened(
        page,
        'confirm dialog',
        () => page.getByTestId('channel-fix').click(),
        page.getByRole('dialog'),
        language
      )

      for (const [label, path] of [
        ['channel edit drawer', `/channel/edit/${channelId}`],
        ['user editor drawer', '/user/edit'],
      ] as const) {
        await page.goto(path)
        await settle(page, language, 'light')
        await expect(page.getByRole('dialog')).toBeVisible()
        const found = await violations(page)
        expect.soft(found, `${label} (${language}):\n${found.join('\n')}`).toEqual([])
      }
    })

    test('a few pages in the dark theme', async ({ browser, baseURL }) => {
      test.setTimeout(300_000)
      const context = await openContext(browser, baseURL, language, 'dark')
      const dark = await context.newPage()
      await signIn(dark)
      await checkPages(dark, darkPages, language, 'dark')
      await context.close()
    })
  })
}

/** Presses Tab until `target` has the focus (or gives up after `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 150): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target, 'never reached with Tab').toBeFocused()
}

test('the keyboard alone reaches and works the token page and the side navigation', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const context = await openContext(browser, baseURL, 'en', 'light')
  const page = await context.newPage()
  await signIn(page)
  await page.goto(`/token?keyword=${tokenPrefix}`)
  await settle(page, 'en', 'light')
  await expect(page.getByTestId('tokens-table').locator('tbody tr')).toHaveCount(10)

  // Add: Enter opens the drawer, Escape closes it.
  const add = page.getByTestId('tokens-add')
  await tabTo(page, add)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('token-editor')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('token-editor')).toBeHidden()
  await expect(add, 'closing the drawer gives the focus back to Add').toBeFocused()

  // A row's actions menu: Space opens it, the arrow keys move through its items.
  const trigger = page.getByTestId('tokens-table').locator('tbody tr').first().getByTestId('row-actions-trigger')
  await tabTo(page, trigger)
  await page.keyboard.press('Space')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem').first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem').nth(1)).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()

  // The pager: Enter on "Next page" shows page 2.
  const next = page.getByTestId('data-table-pagination').getByRole('button', { name: 'Next page' })
  await tabTo(page, next)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('data-table-page')).toHaveText(/^Page 2 of 2$/)
  await expect(page.getByTestId('tokens-table').locator('tbody tr')).toHaveCount(2)

  // The side navigation: from the top of the page, Tab reaches "Usage logs" and Enter opens it.
  await page.goto('/token')
  await settle(page, 'en', 'light')
  const logLink = page.getByTestId('sidebar').getByTestId('nav-log')
  await tabTo(page, logLink)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/log/)
  await expect(page.getByTestId('page-title')).toHaveText('Usage logs')
  await context.close()
})
