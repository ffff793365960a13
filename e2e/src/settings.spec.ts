import { ensureRoot, expect, rootHeaders, signIn, test } from './fixtures.ts'

/**
 * The settings page as the root: options changed in two tabs through the forms reach the server
 * (the system name shows in the header after a reload), a JSON field with broken JSON is refused
 * on blur, the log cleanup asks first and calls DELETE /api/log/; a plain user sees no admin tabs.
 */
const suffix = String(Date.now()).slice(-6)
const systemName = `Gateway ${suffix}`
const plainUser = { username: `plain${suffix}`, password: 'plainpass123' }
let headers: Record<string, string>

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  headers = await rootHeaders(request, baseURL)
  const created = await (
    await request.post(`${baseURL}/api/user/`, { headers, data: { ...plainUser, display_name: 'Plain' } })
  ).json()
  expect(created.success, created.message).toBe(true)
})

test.afterAll(async ({ request, baseURL }) => {
  // Later specs expect the default branding and settings.
  headers = await rootHeaders(request, baseURL)
  for (const [key, value] of [
    ['SystemName', 'New API'],
    ['QuotaForNewUser', '0'],
    ['SMTPServer', ''],
  ]) {
    await request.put(`${baseURL}/api/option/`, { headers, data: { key, value } })
  }
})

test('the root changes options in several tabs', async ({ page, baseURL }) => {
  await signIn(page, { english: true })

  // Other tab: the system name, saved on its own, shows in the header after a reload.
  await page.goto('/setting?tab=other')
  const name = page.getByTestId('option-SystemName')
  await expect(name).toHaveValue('New API')
  await name.fill(systemName)
  await page.getByTestId('save-system-name').click()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('system-name').first()).toHaveText(systemName)
  // The update check goes through the server; without internet access it fails with a clean message.
  await expect(page.getByTestId('system-version')).toHaveText(/^v\d/)
  await page.getByTestId('check-update').click()
  await expect(
    page.getByText(/Check for updates failed, please try again later|Already the latest version|New version: /)
  ).toBeVisible({ timeout: 15_000 })
  // Saving again without a change sends nothing.
  await page.getByTestId('save-system-name').click()
  await expect(page.getByText('You seem to have changed nothing')).toBeVisible()

  // Operation tab: a quota option through its section; broken JSON refused on blur.
  await page.getByTestId('setting-tab-operation').click()
  const quota = page.getByTestId('option-QuotaForNewUser')
  await quota.fill('1234')
  await page.getByTestId('save-quota').click()
  await expect
    .poll(async () => {
      const list = await (await page.request.get(`${baseURL}/api/option/`, { headers })).json()
      return list.data.find((entry: { key: string }) => entry.key === 'QuotaForNewUser')?.value
    })
    .toBe('1234')

  const ratio = page.getByTestId('option-GroupRatio')
  await ratio.fill('{"default": 1,')
  await ratio.blur()
  await expect(page.getByTestId('section-group-ratio').getByRole('alert')).toHaveText('Not a valid JSON string')
  await page.getByTestId('save-group-ratio').click()
  await expect(page.getByText('Please check your input')).toBeVisible()
  const stored = await (await page.request.get(`${baseURL}/api/option/`, { headers })).json()
  expect(JSON.parse(stored.data.find((entry: { key: string }) => entry.key === 'GroupRatio').value)).toHaveProperty(
    'default'
  )

  // Log cleanup: a date is required, then a confirmation, then DELETE /api/log/?target_timestamp=.
  // A day long past, so the logs of the other specs stay.
  await page.getByTestId('log-cleanup').click()
  await expect(page.getByText('Please choose the log record time')).toBeVisible()
  await page.getByTestId('log-cleanup-date').fill('2001-01-02')
  await page.getByTestId('log-cleanup').click()
  const cleanup = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes('/api/log/?target_timestamp='))
  await page.getByTestId('confirm-dialog-confirm').click()
  const timestamp = Number(new URL((await cleanup).url()).searchParams.get('target_timestamp'))
  expect(new Date(timestamp * 1000).getFullYear()).toBe(2001)
  await expect(page.getByText(/log entries cleaned up/)).toBeVisible()
})

test('the system tab saves a group and refuses a switch whose setting is missing', async ({ page }) => {
  await signIn(page, { english: true })
  await page.goto('/setting?tab=system')
  await expect(page.getByTestId('option-SMTPToken-state')).toHaveText(/Not set|Set/)
  await page.getByTestId('option-SMTPServer').fill(`smtp${suffix}.example.com`)
  await page.getByTestId('save-smtp').click()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  // Telegram login without a bot token: the server refuses and the switch stays off.
  const telegram = page.getByTestId('option-TelegramOAuthEnabled')
  await telegram.click()
  await expect(page.getByText('Fill in the Telegram bot token before enabling Telegram login')).toBeVisible()
  await expect(telegram).toHaveAttribute('aria-checked', 'false')
})

test('a plain user sees no admin tabs', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/login')
  await page.getByTestId('login-username').fill(plainUser.username)
  await page.getByTestId('login-password').fill(plainUser.password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/token$/)
  await page.goto('/setting?tab=system')
  await expect(page.getByTestId('no-permission')).toBeVisible()
  await expect(page.getByRole('tab')).toHaveCount(0)
  await expect(page.getByTestId('option-SMTPServer')).toHaveCount(0)
})
