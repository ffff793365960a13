import type { Page } from '@playwright/test'
import { ensureRoot, expect, rootHeaders, test } from './fixtures.ts'

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/login')
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/token$/)
}

test('sessions: one user in two browsers; revoking the other one signs it out', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await ensureRoot(request, baseURL)
  const username = `ss${Date.now() % 1_000_000}`
  const password = 'sessionpass1'
  const created = await (
    await request.post(`${baseURL}/api/user/`, {
      headers: await rootHeaders(request, baseURL),
      data: { username, password },
    })
  ).json()
  expect(created.success, created.message).toBe(true)

  const other = await browser.newContext({ baseURL })
  const otherPage = await other.newPage()
  await signInAs(otherPage, username, password)
  await signInAs(page, username, password)

  await page.goto('/personal')
  const card = page.getByTestId('sessions-card')
  await expect(card).toContainText('Sessions')
  const rows = card.getByTestId('session-row')
  await expect(rows).toHaveCount(2)
  const mine = rows.filter({ hasText: 'This device' })
  await expect(mine).toHaveCount(1)
  await expect(mine.getByTestId('session-revoke')).toHaveCount(0)
  await expect(mine.getByTestId('session-device')).toContainText('Chrome')

  // The other browser is still in, until its session is revoked from here.
  await otherPage.goto('/personal')
  await expect(otherPage.getByTestId('sessions-card').getByTestId('session-row')).toHaveCount(2)
  await rows.filter({ hasNotText: 'This device' }).getByTestId('session-revoke').click()
  await expect(page.getByText('Session revoked')).toBeVisible()
  await expect(rows).toHaveCount(1)
  await expect(card.getByTestId('sessions-revoke-others')).toBeDisabled()

  await otherPage.goto('/token')
  await expect(otherPage).toHaveURL(/\/login/)
  await expect(otherPage.getByTestId('login-submit')).toBeVisible()

  // This browser is unaffected.
  await page.reload()
  await expect(page.getByTestId('sessions-card').getByTestId('session-row')).toHaveCount(1)
  await other.close()
})
