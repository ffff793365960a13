import type { Page } from '@playwright/test'
import { ensureRoot, expect, rootHeaders, test } from './fixtures.ts'

/**
 * Errors never look like empty data: a plain user opening an admin page by its address gets the
 * no-permission page inside the console (no admin toolbar, no "add your first channel"), and a
 * failed token list shows the server's trouble with Retry, which then loads the table.
 */
const suffix = String(Date.now()).slice(-6)
const plainUser = { username: `noperm${suffix}`, password: 'plainpass123' }
const tokenName = `errstate-${suffix}`

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  const headers = await rootHeaders(request, baseURL)
  const created = await (
    await request.post(`${baseURL}/api/user/`, { headers, data: { ...plainUser, display_name: 'No Perm' } })
  ).json()
  expect(created.success, created.message).toBe(true)
})

async function signInPlain(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/login')
  await page.getByTestId('login-username').fill(plainUser.username)
  await page.getByTestId('login-password').fill(plainUser.password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/token$/)
}

test('a plain user opening admin pages by address sees the no-permission page', async ({ page }) => {
  await signInPlain(page)
  const adminCalls: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (/^\/api\/(channel|redemption|option)\b|^\/api\/user\/(search)?$/.test(path)) adminCalls.push(path)
  })
  for (const path of ['/channel', '/redemption', '/user', '/setting']) {
    await page.goto(path)
    await expect(page.getByTestId('no-permission'), path).toBeVisible()
    await expect(page.getByTestId('page-title')).toHaveText('No permission')
    // The console layout is around it, and nothing of the admin page leaks through.
    await expect(page.getByTestId('sidebar')).toBeVisible()
    await expect(page.getByTestId('sidebar')).not.toContainText('Channels')
    await expect(page.getByTestId('channels-table')).toHaveCount(0)
  }
  expect(adminCalls).toEqual([])
  await page.getByTestId('no-permission-back').click()
  await expect(page).toHaveURL(/\/(token|detail)$/)
})

test('a failed token list shows the error with Retry, and Retry loads the table', async ({ page }) => {
  await signInPlain(page)
  // The page's cookie signs the call; the console API also wants the user id the login stored.
  const userId = String(
    await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number }).id)
  )
  const created = await (
    await page.request.post('/api/token/', {
      headers: { 'New-Api-User': userId },
      data: { name: tokenName, unlimited_quota: true, expired_time: -1 },
    })
  ).json()
  expect(created.success, created.message).toBe(true)

  // The console retries a 5xx once on its own, so the list fails until the test lets it through.
  let failing = true
  let failures = 0
  await page.route(
    (url) => url.pathname === '/api/token/',
    async (route) => {
      if (!failing || route.request().method() !== 'GET') return route.fallback()
      failures += 1
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'boom' }),
      })
    }
  )
  await page.goto('/token')
  const error = page.getByTestId('load-error')
  await expect(error).toBeVisible()
  await expect(error).toContainText('Could not load the data')
  await expect(page.getByTestId('load-error-status')).toHaveText('(HTTP 500)')
  await expect(page.getByTestId('data-table-empty')).toHaveCount(0)
  expect(failures).toBeGreaterThan(0)

  failing = false
  await page.getByTestId('load-error-retry').click()
  await expect(page.getByTestId('tokens-table').getByText(tokenName, { exact: true })).toBeVisible()
  await expect(error).toHaveCount(0)
})
