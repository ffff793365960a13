import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import type { Page } from '@playwright/test'
import { animationsDone, ensureRoot, expect, expectClosesAsShown, openConsoleAs, signIn, test } from './fixtures.ts'

/**
 * Channel management against a mock OpenAI upstream: create a channel from the drawer, find it,
 * test it, change its priority inline, disable and enable it, delete it. Runs in English.
 */
let upstream: MockUpstream

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  upstream = await startMockUpstream()
})

test.afterAll(async () => {
  await upstream?.stop()
})

/** Opens the trailing "…" menu of a row and picks an item. */
async function rowMenu(page: Page, row: ReturnType<Page['locator']>, item: string): Promise<void> {
  await row.getByTestId('row-actions-trigger').click()
  await page.getByRole('menuitem', { name: item }).click()
}

test('channel lifecycle from the console', async ({ page }) => {
  const name = `e2e-mock-${Date.now()}`
  await signIn(page, { english: true })
  await page.goto('/channel')
  await expect(page.getByTestId('page-title')).toHaveText('Channels')

  // Create it from the drawer.
  await page.getByTestId('channel-add').click()
  await expect(page).toHaveURL(/\/channel\/add/)
  const drawer = page.getByTestId('channel-editor')
  await expect(drawer).toBeVisible()
  await drawer.getByTestId('channel-type').selectOption('1')
  await drawer.getByTestId('channel-name').fill(name)
  await drawer.getByTestId('channel-base-url').fill(`${upstream.url}/`)
  await drawer.getByTestId('channel-key').fill('sk-e2e-mock')
  // The mock upstream listens on loopback: only the root may let a channel reach it.
  await drawer.getByTestId('channel-private-network').click()
  await expect(drawer.getByTestId('channel-private-network')).toHaveAttribute('data-state', 'checked')
  await drawer.getByTestId('channel-custom-models').fill('gpt-4o-mini')
  await drawer.getByTestId('channel-add-custom').click()
  await drawer.getByTestId('channel-editor-save').click()
  await expect(page.getByText('Channel created!')).toBeVisible()
  await expect(page).toHaveURL(/\/channel(\?.*)?$/)
  await expect(drawer).toBeHidden()

  // Find it with the keyword filter (reflected in the URL).
  await page.getByTestId('channel-filter-keyword').fill(name)
  await page.getByTestId('channel-filter-search').click()
  await expect(page).toHaveURL(new RegExp(`keyword=${name}`))
  const row = page.getByTestId('channels-table').locator('tbody tr', { hasText: name })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('OpenAI')).toBeVisible()
  await expect(row.getByText('Enabled')).toBeVisible()
  await expect(row.getByTestId('response-time')).toHaveText('Untested')

  // Test it: a success toast, then the response time in the row.
  await row.getByRole('button', { name: 'Test' }).click()
  await expect(page.getByText(new RegExp(`Channel "${name}" works`))).toBeVisible()
  await expect(row.getByTestId('response-time')).toHaveText(/^\d+\.\d{2}s$/)
  expect(upstream.requests.some((request) => request.path.includes('/v1/chat/completions'))).toBe(true)

  // Priority inline: saved alone, kept after a reload.
  const priority = row.getByLabel(`${name} Priority`)
  await priority.fill('7')
  await priority.press('Enter')
  await expect(page.getByText('Done!').first()).toBeVisible()
  await page.reload()
  await expect(
    page.getByTestId('channels-table').locator('tbody tr', { hasText: name }).getByLabel(`${name} Priority`)
  ).toHaveValue('7')

  // Disable, then enable.
  await rowMenu(page, row, 'Disable')
  await expect(row.getByText('Disabled')).toBeVisible()
  await rowMenu(page, row, 'Enable')
  await expect(row.getByText('Enabled')).toBeVisible()

  // Delete, after confirming.
  await rowMenu(page, row, 'Delete')
  await page.getByTestId('confirm-dialog-confirm').click()
  await expect(page.getByText('Deleted!')).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('the editor refuses a channel without a model and reopens from its URL', async ({ page }) => {
  await signIn(page, { english: true })
  await page.goto('/channel/add')
  const drawer = page.getByTestId('channel-editor')
  await expect(drawer).toBeVisible()
  await drawer.getByTestId('channel-editor-save').click()
  await expect(drawer.getByText('Fill in the channel name and key!')).toBeVisible()
  await drawer.getByTestId('channel-name').fill('no-models')
  await drawer.getByTestId('channel-key').fill('sk-x')
  await drawer.getByTestId('channel-editor-save').click()
  await expect(drawer.getByText('Select at least one model!')).toBeVisible()
  // Cancelled, it slides out as it was (the list page keeps it while the address goes back to /channel).
  await expectClosesAsShown(
    page,
    'channel-editor',
    () => drawer.getByTestId('channel-editor-cancel').click(),
    'Select at least one model!'
  )
  await expect(page).toHaveURL(/\/channel(\?.*)?$/)
  // Opened again, it is a new form, not the one that was cancelled.
  await page.getByTestId('channel-add').click()
  await expect(drawer.getByTestId('channel-name')).toHaveValue('')
  await expect(drawer.getByText('Select at least one model!')).toHaveCount(0)
})

test('on a 375 px phone the channel drawer fits the screen, for an OpenAI and a Claude channel', async ({
  browser,
  baseURL,
}) => {
  for (const language of ['en', 'zh'] as const) {
    const { context, page } = await openConsoleAs(browser, baseURL, { width: 375, language, theme: 'light' })
    await page.goto('/channel/add')
    const drawer = page.getByTestId('channel-editor')
    await expect(drawer.getByTestId('channel-name')).toBeVisible()
    for (const type of ['1', '14']) {
      await drawer.getByTestId('channel-type').selectOption(type)
      await animationsDone(page)
      // Every box inside the drawer ends at its edge or before: none is cut off by the screen.
      const past = await drawer.evaluate((element) => {
        const edge = element.getBoundingClientRect().right
        return Array.from(element.querySelectorAll('*'))
          .filter((inner) => inner.getBoundingClientRect().right > edge + 0.5)
          .map((inner) => `${inner.tagName} "${(inner.textContent ?? '').slice(0, 40)}"`)
      })
      expect(past, `${language}, channel type ${type}`).toEqual([])
    }
    await context.close()
  }
})
