import { ensureRoot, expect, signIn, test } from './fixtures.ts'

/** Redemption codes end to end: create two, see their keys, redeem one through the wallet API. */
test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
})

test('creates two codes, lists their keys, and redeems one', async ({ page }) => {
  // Names are at most 20 characters.
  const name = `e2e-${Date.now().toString(36)}`
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await signIn(page)
  await page.goto('/redemption')
  await expect(page.getByTestId('page-title')).toHaveText('Redemption codes')

  await page.getByTestId('redemptions-add').click()
  const drawer = page.getByTestId('redemption-editor')
  await expect(drawer.getByLabel('Quota')).toHaveValue('100000')
  await drawer.getByLabel('Name').fill(name)
  await drawer.getByLabel('How many').fill('2')
  await drawer.getByTestId('redemption-editor-submit').click()

  const dialog = page.getByTestId('redemption-keys-dialog')
  await expect(dialog).toBeVisible()
  const keys = (await dialog.getByTestId('redemption-keys').locator('li span.select-all').allTextContents()).map(
    (key) => key.trim()
  )
  expect(keys).toHaveLength(2)
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/)
  await expect(dialog.getByRole('button', { name: 'Copy all' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Download .txt' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()

  await page.getByTestId('redemptions-search').fill(name)
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
  const rows = page.getByTestId('redemptions-table').locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.getByTestId('redemption-status').first()).toHaveText('Unused')

  // Redeem the first code through the wallet API.
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as number)
  const response = await page.request.post('/api/user/topup', {
    data: { key: keys[0] },
    headers: { 'New-Api-User': String(userId) },
  })
  const body = await response.json()
  expect(body.success, body.message).toBe(true)
  await page.reload()
  await expect(rows.filter({ has: page.getByTestId('redemption-status').filter({ hasText: /^Used$/ }) })).toHaveCount(1)
  await expect(rows.filter({ has: page.getByTestId('redemption-status').filter({ hasText: /^Unused$/ }) })).toHaveCount(
    1
  )
})
