import type { Page } from '@playwright/test'
import { generate } from 'otplib'
import { ensureRoot, expect, rootHeaders, test } from './fixtures.ts'

/**
 * A code of the step after the current one: the server accepts one step of drift either way, and
 * the step the enrolment used can never be used again, so this one is always fresh.
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })

async function passwordStep(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/login\?two_factor=true$/)
  await expect(page.getByTestId('two-factor-step')).toBeVisible()
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click()
  await page.getByTestId('logout').click()
  await expect(page).toHaveURL(/\/login$/)
}

test('two-factor sign-in: enrol in the console, then sign in with a TOTP code and with a backup code once', async ({
  page,
  request,
  baseURL,
}) => {
  await ensureRoot(request, baseURL)
  const headers = await rootHeaders(request, baseURL)
  expect(
    (
      await (
        await request.put(`${baseURL}/api/option/`, { headers, data: { key: 'RegisterEnabled', value: 'true' } })
      ).json()
    ).success
  ).toBe(true)
  const username = `tf${Date.now() % 1_000_000}`
  const password = 'twofactor123'
  const registered = await (
    await request.post(`${baseURL}/api/user/register`, { data: { username, password, password2: password } })
  ).json()
  expect(registered.success, registered.message).toBe(true)

  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/login')
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/token$/)

  // Enrol: the secret as the dialog shows it, a code computed from it, then the backup codes.
  await page.goto('/personal')
  const card = page.getByTestId('two-factor-card')
  await expect(card.getByTestId('two-factor-state')).toHaveText('Off')
  await card.getByTestId('two-factor-enable').click()
  const dialog = page.getByTestId('two-factor-setup-dialog')
  await expect(dialog.getByTestId('two-factor-qr')).toBeVisible()
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())?.trim() ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await dialog.getByTestId('two-factor-setup-code').fill(await generate({ secret }))
  await dialog.getByTestId('two-factor-setup-confirm').click()
  // allTextContents() does not wait: wait for the codes the confirmation brings first.
  await expect(dialog.getByTestId('two-factor-backup-code')).toHaveCount(10)
  const codes = await dialog.getByTestId('two-factor-backup-code').allTextContents()
  for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
  await dialog.getByTestId('two-factor-backup-done').click()
  await expect(card.getByTestId('two-factor-state')).toHaveText('On')
  await expect(card.getByTestId('two-factor-summary')).toHaveText('Backup codes left: 10')

  // Password, then the authenticator's code.
  await signOut(page)
  await passwordStep(page, username, password)
  await page.getByTestId('two-factor-code').fill(await nextCode(secret))
  await page.getByTestId('two-factor-submit').click()
  await expect(page).toHaveURL(/\/token$/)

  // Password, then a backup code: it works once.
  const backup = codes[0] as string
  await signOut(page)
  await passwordStep(page, username, password)
  await page.getByTestId('two-factor-toggle').click()
  await page.getByTestId('two-factor-code').fill(backup)
  await page.getByTestId('two-factor-submit').click()
  await expect(page).toHaveURL(/\/token$/)

  await signOut(page)
  await passwordStep(page, username, password)
  await page.getByTestId('two-factor-toggle').click()
  await page.getByTestId('two-factor-code').fill(backup)
  await page.getByTestId('two-factor-submit').click()
  await expect(page.getByTestId('two-factor-error')).toHaveText('Wrong verification or backup code, try again')
  await expect(page).toHaveURL(/\/login\?two_factor=true$/)
  // No session was started by the refused code.
  expect((await page.request.get(`${baseURL}/api/user/self`)).status()).toBe(401)
})
