import type { Page } from '@playwright/test'
import { ensureRoot, expect, expectClosesAsShown, signIn, test } from './fixtures.ts'

/**
 * The token page end to end: a batch of three from the drawer, masked keys with copy, reveal and
 * batch copy fetching full ones, disabling and enabling one, deleting one. Names carry a run id so other specs' tokens never interfere.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
})

const rowOf = (page: Page, name: string) =>
  page
    .getByTestId('tokens-table')
    .locator('tbody tr')
    .filter({ has: page.getByText(name, { exact: true }) })

async function rowMenu(page: Page, name: string, item: RegExp) {
  await rowOf(page, name).getByTestId('row-actions-trigger').click()
  await page.getByRole('menuitem', { name: item }).click()
}

test('creates a batch of tokens, copies and reveals keys, toggles and deletes one', async ({ page }) => {
  const name = `e2e-${Date.now().toString(36)}`
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await signIn(page)
  await expect(page.getByTestId('page-title')).toHaveText('API tokens')

  // A batch of three from the drawer.
  await page.getByTestId('tokens-add').click()
  const drawer = page.getByTestId('token-editor')
  await expect(drawer).toBeVisible()
  await drawer.getByLabel('Name').fill(name)
  await drawer.getByLabel('How many').fill('3')
  await drawer.getByRole('button', { name: '$10', exact: true }).click()
  await drawer.getByRole('button', { name: '1 day' }).click()
  await drawer.getByTestId('token-editor-submit').click()
  await expect(drawer).toBeHidden()
  await expect(page.getByText('Created 3 tokens')).toBeVisible()

  // All three are listed: the first with the name, two with a suffix. Narrow the list by name.
  await page.getByTestId('tokens-search-name').fill(name)
  await page.getByTestId('tokens-search-submit').click()
  await expect(page).toHaveURL(new RegExp(`keyword=${name}`))
  const rows = page.getByTestId('tokens-table').locator('tbody tr')
  await expect(rows).toHaveCount(3)
  await expect(rowOf(page, name)).toHaveCount(1)
  await expect(rows.filter({ hasText: new RegExp(`${name}-[A-Za-z0-9]{6}`) })).toHaveCount(2)
  await expect(rowOf(page, name)).toContainText('$10')

  // The edit drawer, cancelled, slides out as it was: never the create drawer's title, never empty.
  await rowOf(page, name).getByTestId('token-edit').click()
  await expect(drawer.locator('h2')).toHaveText('Edit token')
  await expect(drawer.getByLabel('Name')).toHaveValue(name)
  const submit = (await drawer.getByTestId('token-editor-submit').textContent()) ?? ''
  await expectClosesAsShown(page, 'token-editor', () => drawer.getByRole('button', { name: 'Cancel' }).click(), submit)

  // The list shows masked keys (the reference's mask); none of them is a usable key.
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as number)
  const headers = { 'New-Api-User': String(userId) }
  const listed = await (
    await page.request.get(`/api/token/search?keyword=${name}&p=1&page_size=10`, { headers })
  ).json()
  const first = listed.data.items.find((token: { name: string }) => token.name === name)
  expect(first.key).toMatch(/^sk-[0-9A-Za-z]{4}\*{10}[0-9A-Za-z]{4}$/)
  const keyCell = rowOf(page, name).getByTestId('token-key')
  await expect(keyCell).toHaveText(first.key)

  // Copy fetches the full key on demand (POST /api/token/:id/key): it matches the server's, and its mask.
  await rowOf(page, name).getByTestId('token-copy').click()
  await expect(page.getByText('Key copied to the clipboard')).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(/^sk-[0-9A-Za-z]{48}$/)
  const revealed = await (await page.request.post(`/api/token/${first.id}/key`, { headers })).json()
  // The route answers the key without `sk-`, as the reference does; the console copies it with the prefix.
  expect(copied).toBe(`sk-${revealed.data.key}`)
  expect(`sk-${copied.slice(3, 7)}**********${copied.slice(-4)}`).toBe(first.key)

  // The eye shows the full key in place of the mask, and hides it again.
  await rowOf(page, name).getByTestId('token-reveal').click()
  await expect(keyCell).toHaveText(copied)
  await rowOf(page, name).getByTestId('token-reveal').click()
  await expect(keyCell).toHaveText(first.key)

  // Searching by the whole key still finds the token.
  await page.getByTestId('tokens-search-name').fill('')
  await page.getByTestId('tokens-search-key').fill(copied)
  await page.getByTestId('tokens-search-submit').click()
  await expect(rows).toHaveCount(1)
  await expect(rowOf(page, name)).toHaveCount(1)

  // Batch copy: the selected tokens' full keys, one a line, in one call.
  await page.getByTestId('tokens-search-key').fill('')
  await page.getByTestId('tokens-search-name').fill(name)
  await page.getByTestId('tokens-search-submit').click()
  await expect(rows).toHaveCount(3)
  await page.getByTestId('tokens-batch-mode').click()
  await rowOf(page, name).getByRole('checkbox').check()
  await rows
    .filter({ hasText: new RegExp(`${name}-[A-Za-z0-9]{6}`) })
    .first()
    .getByRole('checkbox')
    .check()
  await page.getByTestId('tokens-copy-selected').click()
  await expect(page.getByText('Copied 2 keys to the clipboard')).toBeVisible()
  const batch = (await page.evaluate(() => navigator.clipboard.readText())).split('\n')
  expect(batch).toHaveLength(2)
  for (const key of batch) expect(key).toMatch(/^sk-[0-9A-Za-z]{48}$/)
  expect(batch).toContain(copied)
  await page.getByTestId('tokens-batch-mode').click()

  // Disable, then enable again.
  await rowMenu(page, name, /^Disable$/)
  await expect(rowOf(page, name).getByTestId('token-status')).toHaveText('Disabled')
  await rowMenu(page, name, /^Enable$/)
  await expect(rowOf(page, name).getByTestId('token-status')).toHaveText('Enabled')

  // Delete it, after the confirmation.
  await rowMenu(page, name, /^Delete$/)
  const confirm = page.getByTestId('confirm-dialog')
  await expect(confirm).toContainText(name)
  await confirm.getByTestId('confirm-dialog-confirm').click()
  await expect(rowOf(page, name)).toHaveCount(0)
  await expect(rows).toHaveCount(2)
  await expect(page.getByTestId('data-table-total')).toHaveText('2 in total')
})
