import type { APIRequestContext, Page } from '@playwright/test'
import { ensureRoot, expect, rootHeaders, test } from './fixtures.ts'

const UNIT = 500_000

async function setOptions(
  request: APIRequestContext,
  baseURL: string | undefined,
  options: Record<string, string>
): Promise<void> {
  const headers = await rootHeaders(request, baseURL)
  for (const [key, value] of Object.entries(options)) {
    const response = await (await request.put(`${baseURL}/api/option/`, { headers, data: { key, value } })).json()
    expect(response.success, `${key}: ${response.message}`).toBe(true)
  }
}

async function register(
  request: APIRequestContext,
  baseURL: string | undefined,
  username: string,
  password: string,
  affCode = ''
): Promise<void> {
  const response = await (
    await request.post(`${baseURL}/api/user/register`, {
      data: { username, password, password2: password, aff_code: affCode },
    })
  ).json()
  expect(response.success, response.message).toBe(true)
}

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/token$/)
}

test('personal settings: access token, invite transfer, webhook, password change and account deletion', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  await ensureRoot(request, baseURL)
  // Root pays an invite reward of two quota units, so one invite leaves something to transfer.
  await setOptions(request, baseURL, {
    QuotaForInviter: String(2 * UNIT),
    QuotaPerUnit: String(UNIT),
    RegisterEnabled: 'true',
    EmailVerificationEnabled: 'false',
    DisplayInCurrencyEnabled: 'true',
  })

  const stamp = Date.now() % 1_000_000
  const username = `ps${stamp}`
  const password = 'firstpass123'
  const newPassword = 'secondpass456'
  await register(request, baseURL, username, password)

  // A separate API client: the user's cookie must not mix with root's.
  const userApi = await playwright.request.newContext()
  const login = await (await userApi.post(`${baseURL}/api/user/login`, { data: { username, password } })).json()
  expect(login.success, login.message).toBe(true)
  const userId: number = login.data.id
  const affCode: string = (
    await (await userApi.get(`${baseURL}/api/user/aff`, { headers: { 'New-Api-User': String(userId) } })).json()
  ).data
  await register(request, baseURL, `iv${stamp}`, 'inviteepass1', affCode)
  await userApi.dispose()

  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await signInAs(page, username, password)
  await page.goto('/personal')
  await expect(page.getByTestId('page-title')).toHaveText('Personal settings')
  await expect(page.getByTestId('invite-count')).toHaveText('1')
  await expect(page.getByTestId('invite-pending')).toHaveText('$2')
  await expect(page.getByTestId('invite-link')).toHaveValue(new RegExp(`/register\\?aff=${affCode}$`))

  // Access token: generated here, then used without any cookie.
  await page.getByTestId('open-access-token').click()
  await expect(page.getByTestId('access-token-dialog')).toContainText('replaces the old one')
  await page.getByTestId('access-token-generate').click()
  const token = await page.getByTestId('access-token-value').inputValue()
  expect(token).toMatch(/^[A-Za-z0-9]{32}$/)
  await page.getByTestId('access-token-dialog').getByRole('button', { name: 'Close' }).last().click()
  const tokenApi = await playwright.request.newContext()
  const viaToken = await (
    await tokenApi.get(`${baseURL}/api/user/self`, {
      headers: { Authorization: token, 'New-Api-User': String(userId) },
    })
  ).json()
  expect(viaToken.success, viaToken.message).toBe(true)
  expect(viaToken.data.username).toBe(username)

  // Invite transfer: below one unit is refused in the dialog, one unit goes through.
  const balanceBefore = await page.getByTestId('balance-quota').textContent()
  await page.getByTestId('open-transfer').click()
  const transfer = page.getByTestId('transfer-dialog')
  await transfer.getByLabel('Amount (quota)').fill(String(UNIT - 1))
  await transfer.getByTestId('transfer-submit').click()
  await expect(transfer).toContainText('Transfer amount minimum is $1')
  await transfer.getByLabel('Amount (quota)').fill(String(UNIT))
  await transfer.getByTestId('transfer-submit').click()
  await expect(transfer).toBeHidden()
  await expect(page.getByTestId('invite-pending')).toHaveText('$1')
  await expect(page.getByTestId('balance-quota')).not.toHaveText(balanceBefore ?? '')
  const afterTransfer = (
    await (
      await tokenApi.get(`${baseURL}/api/user/self`, {
        headers: { Authorization: token, 'New-Api-User': String(userId) },
      })
    ).json()
  ).data
  expect(afterTransfer.aff_quota).toBe(UNIT)

  // Webhook notifications: http is refused in the form, https is saved; the secret never comes back.
  const notify = page.getByTestId('notify-card')
  await notify.getByTestId('notify-type-webhook').click()
  await notify.getByLabel('Webhook URL').fill('http://hooks.example.com/quota')
  await notify.getByTestId('notify-save').click()
  await expect(notify).toContainText('The webhook URL must start with https://')
  await notify.getByLabel('Webhook URL').fill('https://hooks.example.com/quota')
  await notify.getByLabel('Webhook secret').fill('e2e-canary-secret')
  await notify.getByTestId('threshold-preset-1000000').click()
  await notify.getByTestId('notify-save').click()
  await expect(page.getByText('Notification settings saved')).toBeVisible()
  await expect(notify).toContainText('A secret is saved; leave blank to keep it')
  const selfText = await (
    await tokenApi.get(`${baseURL}/api/user/self`, {
      headers: { Authorization: token, 'New-Api-User': String(userId) },
    })
  ).text()
  expect(selfText).not.toContain('e2e-canary-secret')
  expect(JSON.parse(JSON.parse(selfText).data.setting)).toMatchObject({
    notify_type: 'webhook',
    quota_warning_threshold: 1_000_000,
    webhook_url: 'https://hooks.example.com/quota',
    webhook_secret_set: true,
  })
  // A private address is refused by the server even though it is https.
  await notify.getByLabel('Webhook URL').fill('https://127.0.0.1/hook')
  await notify.getByTestId('notify-save').click()
  await expect(page.getByText(/Update notification settings failed: The webhook URL is not allowed/)).toBeVisible()

  // Password change, then sign in again with the new password.
  await page.getByTestId('open-change-password').click()
  const passwordDialog = page.getByTestId('change-password-dialog')
  await passwordDialog.getByLabel('Current password').fill(password)
  await passwordDialog.getByLabel('New password', { exact: true }).fill(newPassword)
  await passwordDialog.getByLabel('Confirm new password').fill(newPassword)
  await passwordDialog.getByTestId('change-password-submit').click()
  await expect(passwordDialog).toBeHidden()
  await page.getByTestId('user-menu').click()
  await page.getByTestId('logout').click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/login$/)
  await signInAs(page, username, newPassword)

  // Delete: only the exact username confirms; afterwards the browser is signed out at /.
  await page.goto('/personal')
  await page.getByTestId('open-delete-account').click()
  const deleteDialog = page.getByTestId('delete-account-dialog')
  await deleteDialog.getByLabel(`Type your username ${username} to confirm`).fill(username.toUpperCase())
  await deleteDialog.getByTestId('delete-account-submit').click()
  await expect(deleteDialog).toContainText('Please enter your account name to confirm deletion')
  await deleteDialog.getByLabel(`Type your username ${username} to confirm`).fill(username)
  await deleteDialog.getByTestId('delete-account-submit').click()
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/?$`))
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull()
  const afterDelete = await tokenApi.get(`${baseURL}/api/user/self`, {
    headers: { Authorization: token, 'New-Api-User': String(userId) },
  })
  expect((await afterDelete.json()).success).toBe(false)
  const relogin = await (
    await request.post(`${baseURL}/api/user/login`, { data: { username, password: newPassword } })
  ).json()
  expect(relogin.success).toBe(false)
  await tokenApi.dispose()
})
