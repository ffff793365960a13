import type { Page } from '@playwright/test'
import { ensureRoot, expect, expectClosesAsShown, signIn, test } from './fixtures.ts'

/**
 * User management end to end: the root creates a user and an admin through the page, edits quota
 * (with a negative addition), disables/enables, promotes/demotes and cancels an account; then the
 * new admin finds the root's and other admins' rows without actions, and the server refuses the
 * forbidden calls when they are made anyway.
 */
test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
})

const suffix = Date.now().toString(36).slice(-6)
const plain = `u${suffix}`
const boss = `a${suffix}`
const PASSWORD = 'password123'

const rowOf = (page: Page, username: string) =>
  page
    .getByTestId('users-table')
    .locator('tbody tr')
    .filter({ has: page.getByTestId('user-username').getByText(username, { exact: true }) })

async function rowAction(page: Page, username: string, action: string) {
  await rowOf(page, username).getByTestId('row-actions-trigger').click()
  await page.getByTestId(`user-${action}`).click()
  await page.getByTestId('confirm-dialog-confirm').click()
  await expect(page.getByTestId('confirm-dialog')).toBeHidden()
}

async function createUser(page: Page, username: string) {
  await page.getByTestId('users-add').click()
  await expect(page).toHaveURL(/\/user\/edit$/)
  const drawer = page.getByTestId('user-editor')
  await drawer.getByLabel('Username').fill(username)
  await drawer.getByLabel('Display name').fill(`${username} name`)
  await drawer.getByLabel('Password').fill(PASSWORD)
  await drawer.getByTestId('user-editor-submit').click()
  await expect(drawer).toBeHidden()
  await expect(page).toHaveURL(/\/user$/)
}

test('root manages users; an admin is refused on equal or higher roles', async ({ page, browser, baseURL }) => {
  await signIn(page, { english: true })
  await page.goto('/user')
  await expect(page.getByTestId('page-title')).toHaveText('User management')

  await createUser(page, plain)
  await createUser(page, boss)
  await page.getByTestId('users-search').fill(suffix)
  await page.getByTestId('users-search-submit').click()
  await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(2)

  // Quota: add 500000, save; then add -200000 (a negative amount), save.
  const editQuota = async (amount: string, expected: string) => {
    await rowOf(page, plain).getByTestId('user-edit-inline').click()
    await expect(page).toHaveURL(/\/user\/edit\/\d+/)
    const drawer = page.getByTestId('user-editor')
    await drawer.getByTestId('user-quota-add').click()
    const dialog = page.getByTestId('user-quota-dialog')
    await dialog.getByTestId('user-quota-amount').fill(amount)
    await expect(dialog.getByTestId('user-quota-result')).toContainText(`(${expected})`)
    await dialog.getByTestId('user-quota-apply').click()
    await expect(drawer.getByLabel('Quota', { exact: true })).toHaveValue(expected)
    await drawer.getByTestId('user-editor-submit').click()
    await expect(drawer).toBeHidden()
  }
  await editQuota('500000', '500000')
  await expect(rowOf(page, plain).getByTestId('user-quota')).toContainText('Left $1')
  await editQuota('-200000', '300000')
  await expect(rowOf(page, plain).getByTestId('user-quota')).toContainText('Left $0.6')

  // The edit panel, cancelled, slides out as it was (the page stays mounted as the address goes back
  // to /user): every closing frame still says "Edit user" and shows the form.
  await rowOf(page, plain).getByTestId('user-edit-inline').click()
  const editor = page.getByTestId('user-editor')
  await expect(editor.getByLabel('Username')).toHaveValue(plain)
  const submit = (await editor.getByTestId('user-editor-submit').textContent()) ?? ''
  await expectClosesAsShown(page, 'user-editor', () => editor.getByRole('button', { name: 'Cancel' }).click(), submit)
  await expect(page).toHaveURL(/\/user(\?|$)/)

  // Cancelled, the dialog fades out with its own words; the page's fallback action (enable) never shows.
  await rowOf(page, plain).getByTestId('row-actions-trigger').click()
  await page.getByTestId('user-disable').click()
  const title = page.getByTestId('confirm-dialog').getByRole('heading')
  await expect(title).toHaveText('Disable this user?')
  await expectClosesAsShown(
    page,
    'confirm-dialog',
    () => page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click(),
    'Disable this user?'
  )

  await rowAction(page, plain, 'disable')
  await expect(rowOf(page, plain).getByTestId('user-status')).toHaveText('Banned')
  await rowAction(page, plain, 'enable')
  await expect(rowOf(page, plain).getByTestId('user-status')).toHaveText('Enabled')
  await rowAction(page, plain, 'promote')
  await expect(rowOf(page, plain).getByTestId('user-role')).toHaveText('Admin')
  await rowAction(page, plain, 'demote')
  await expect(rowOf(page, plain).getByTestId('user-role')).toHaveText('User')
  await rowAction(page, boss, 'promote')
  await expect(rowOf(page, boss).getByTestId('user-role')).toHaveText('Admin')

  // The quota change left a manage log.
  const rootId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as number)
  const logs = await (
    await page.request.get(`/api/log/?type=3&username=${plain}&p=1&page_size=10`, {
      headers: { 'New-Api-User': String(rootId) },
    })
  ).json()
  expect(logs.data.items.map((log: { content: string }) => log.content)).toContain('管理员将用户额度从 $1修改为 $0.6')

  await rowAction(page, plain, 'delete')
  await expect(rowOf(page, plain).getByTestId('user-status')).toHaveText('Cancelled')
  await expect(rowOf(page, plain).getByTestId('row-actions-trigger')).toHaveCount(0)
  await expect(rowOf(page, plain).getByTestId('user-no-actions')).toHaveText('No actions')

  // The new admin: the root's row and its own offer nothing; forbidden calls are refused by the server.
  const context = await browser.newContext({ baseURL })
  const adminPage = await context.newPage()
  await adminPage.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await adminPage.goto('/login')
  await adminPage.getByTestId('login-username').fill(boss)
  await adminPage.getByTestId('login-password').fill(PASSWORD)
  await adminPage.getByTestId('login-submit').click()
  await expect(adminPage).toHaveURL(/\/token$/)
  await adminPage.goto('/user?keyword=root')
  await expect(rowOf(adminPage, 'root').getByTestId('user-no-actions')).toHaveText('Same or higher role')
  await adminPage.goto(`/user?keyword=${boss}`)
  await expect(rowOf(adminPage, boss).getByTestId('user-no-actions')).toHaveText('Same or higher role')

  const adminId = await adminPage.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as number)
  const call = async (data: unknown) =>
    (
      await adminPage.request.post('/api/user/manage', {
        data,
        headers: { 'New-Api-User': String(adminId), 'Accept-Language': 'en' },
      })
    ).json()
  const onRoot = await call({ id: rootId, action: 'disable' })
  expect(onRoot.success).toBe(false)
  expect(onRoot.message).toBe('You cannot change a user of the same or a higher role')
  const onSelf = await call({ id: adminId, action: 'demote' })
  expect(onSelf.message).toBe('You cannot change a user of the same or a higher role')

  // A normal user below the admin: disabling works, promoting is for the root only.
  await adminPage.goto('/user')
  await createUser(adminPage, `n${suffix}`)
  await adminPage.getByTestId('users-search').fill(`n${suffix}`)
  await adminPage.getByTestId('users-search-submit').click()
  await rowOf(adminPage, `n${suffix}`).getByTestId('row-actions-trigger').click()
  await expect(adminPage.getByTestId('user-promote')).toHaveCount(0)
  await expect(adminPage.getByTestId('user-disable')).toBeVisible()
  await adminPage.keyboard.press('Escape')
  const created = await (
    await adminPage.request.get(`/api/user/search?keyword=n${suffix}`, { headers: { 'New-Api-User': String(adminId) } })
  ).json()
  const promote = await call({ id: created.data.items[0].id, action: 'promote' })
  expect(promote.message).toBe('A regular admin cannot promote users to admin')
  const readRoot = await (
    await adminPage.request.get(`/api/user/${rootId}`, {
      headers: { 'New-Api-User': String(adminId), 'Accept-Language': 'en' },
    })
  ).json()
  expect(readRoot.message).toBe('You cannot view a user of the same or a higher role')
  await context.close()
})
