import { expect, ROOT, test } from './fixtures.ts'

/**
 * A new operator's first minutes: set up the root account (which signs it in), sign in again, look around the shell,
 * sign out, and meet the not-found page. One story, so the steps run in order.
 */
test.describe.serial('first run', () => {
  test('a protected page without a stored user goes to /login', async ({ page }) => {
    await page.goto('/token')
    await expect(page).toHaveURL(/\/(login|setup)/)
  })

  test('creates the root account on first run and lands signed in on the dashboard', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/setup$/)
    // Until setup is done every page leads back here, so there is nothing to sign in to.
    await expect(page.getByTestId('setup-username')).toBeVisible()
    await expect(page.getByTestId('login-link')).toHaveCount(0)
    await expect(page.getByTestId('register-link')).toHaveCount(0)
    await page.getByTestId('setup-username').fill(ROOT.username)
    await page.getByTestId('setup-password').fill(ROOT.password)
    await page.getByTestId('setup-confirm').fill('different-pass')
    await page.getByTestId('setup-submit').click()
    await expect(page).toHaveURL(/\/setup$/)
    await page.getByTestId('setup-confirm').fill(ROOT.password)
    await page.getByTestId('setup-submit').click()
    await expect(page).toHaveURL(/\/detail/)
    await expect(page.getByTestId('sidebar').locator('a[href="/channel"]')).toBeVisible()
    await expect(page.getByTestId('user-menu')).toBeVisible()
    // The server's session, not only the stored user: a reload asks the server and stays.
    await page.reload()
    await expect(page).toHaveURL(/\/detail/)
    const self = await page.evaluate(async () => {
      const stored = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number }
      const response = await fetch('/api/user/self', { headers: { 'New-Api-User': String(stored.id) } })
      return {
        status: response.status,
        username: ((await response.json()) as { data?: { username?: string } }).data?.username,
      }
    })
    expect(self).toEqual({ status: 200, username: ROOT.username })
  })

  test('signs in, uses the shell, signs out', async ({ page }) => {
    await page.goto('/login')
    await page.getByTestId('login-submit').click()
    await expect(page).toHaveURL(/\/login/)

    await page.getByTestId('login-username').fill(ROOT.username)
    await page.getByTestId('login-password').fill(ROOT.password)
    await page.getByTestId('login-submit').click()
    await expect(page).toHaveURL(/\/token$/)
    await expect(page.getByTestId('page-title')).toBeVisible()
    const sidebar = page.getByTestId('sidebar')
    await expect(sidebar).toBeVisible()
    // The admin group is there for the root.
    await expect(sidebar.locator('a[href="/channel"]')).toBeVisible()

    // Theme: the toggle flips the dark class on <html>, and the choice survives a reload.
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
    const before = await isDark()
    await page.getByTestId('theme-toggle').click()
    await expect.poll(isDark).toBe(!before)
    await page.reload()
    await expect.poll(isDark).toBe(!before)
    await page.getByTestId('theme-toggle').click()
    await expect.poll(isDark).toBe(before)

    // Language: English, then back to Chinese (the fallback).
    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-option-en').click()
    await expect(sidebar).toContainText('API tokens')
    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-option-zh').click()
    await expect(sidebar).toContainText('令牌')

    // Sidebar: 200 px, collapsed to 60 px, remembered across a reload.
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false')
    // Polled: the width is animated (200 ms), so one read may land mid-transition.
    const sidebarWidth = async () => Math.round((await sidebar.boundingBox())?.width ?? 0)
    await expect.poll(sidebarWidth).toBe(200)
    await page.getByTestId('sidebar-toggle').click()
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true')
    await expect.poll(sidebarWidth).toBe(60)
    await page.reload()
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true')
    await page.getByTestId('sidebar-toggle').click()
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false')

    // Logout clears the local user and goes to /login; the console is closed again.
    await page.getByTestId('user-menu').click()
    await page.getByTestId('logout').click()
    await expect(page).toHaveURL(/\/login/)
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull()
    await page.goto('/token')
    await expect(page).toHaveURL(/\/login/)
  })

  test('shows the not-found page for an unknown path, in the browser language', async ({ page }) => {
    await page.goto('/no/such/page')
    const notFound = page.getByTestId('not-found')
    await expect(notFound).toBeVisible()
    // Headless Chromium reports en-US.
    await expect(notFound).toContainText('Page does not exist')
    await expect(notFound).toContainText('Check that your browser address is correct')
  })

  test('falls back to Chinese for a language the console does not have', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'fr-FR', baseURL })
    const page = await context.newPage()
    await page.goto('/no/such/page')
    await expect(page.getByTestId('not-found')).toContainText('页面不存在')
    await context.close()
  })

  test('an expired session sends the user to /login?expired=true', async ({ page, context }) => {
    await page.goto('/login')
    await page.getByTestId('login-username').fill(ROOT.username)
    await page.getByTestId('login-password').fill(ROOT.password)
    await page.getByTestId('login-submit').click()
    await expect(page).toHaveURL(/\/token$/)
    // The token page is left before the cookies go: a call of it still under way would get the 401
    // first and end the session in that old page (the stored user cleared, no notice), whereas this
    // test is about a fresh load that finds a stored user whose session the server no longer knows.
    await page.goto('about:blank')
    // The server ends the session (as after a ban or logout elsewhere); the next call answers 401.
    await context.clearCookies()
    // A fresh page load: the console checks the stored user against the server, gets 401 and leaves.
    await page.goto('/personal')
    await expect(page).toHaveURL(/\/login\?expired=true/, { timeout: 15_000 })
  })
})
