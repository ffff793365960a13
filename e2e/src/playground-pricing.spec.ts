import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { addChannel, ensureRoot, expect, LOOKS, openConsoleAs, rootHeaders, signIn, test } from './fixtures.ts'

/**
 * The public pricing page and the playground: a channel on a mock OpenAI upstream makes its models
 * appear on /pricing for a visitor, and the playground streams an answer from it to complete.
 * Also pictures both pages (light/dark, zh/en, desktop/mobile) into the test's output directory.
 */
const priceModel = `e2e-price-${Date.now()}`
const answer = 'The quick brown fox'

let upstream: MockUpstream
let channelId: number | undefined

/** Signs the API context in as root; returns the headers a console write needs. */
test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  upstream = await startMockUpstream()
  // A high priority, so a channel another spec left behind cannot take the playground's call.
  channelId = await addChannel(request, baseURL, await rootHeaders(request, baseURL), {
    name: `e2e-pg-${Date.now()}`,
    type: 1,
    key: 'sk-e2e-mock',
    base_url: upstream.url,
    models: `gpt-4o-mini,${priceModel}`,
  })
})

test.afterAll(async ({ request, baseURL }) => {
  if (channelId !== undefined)
    await request.delete(`${baseURL}/api/channel/${channelId}/`, { headers: await rootHeaders(request, baseURL) })
  await upstream?.stop()
})

test('a visitor sees the new model on /pricing with the default group', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/pricing')
  await expect(page.getByTestId('page-title')).toHaveText('Model pricing')
  await expect(page.getByText("Not logged in: prices use the default group's ratio.")).toBeVisible()
  await expect(page.getByLabel('Group')).toHaveValue('default')
  await page.getByLabel('Search model name').fill(priceModel)
  const row = page.getByTestId('pricing-table').locator('tbody tr', { hasText: priceModel })
  await expect(row).toBeVisible()
  await expect(row.getByText('Per token')).toBeVisible()
  await expect(row.getByText(/^Input \$[\d.]+ \/ 1M tokens$/)).toBeVisible()
  await expect(row.getByTestId('group-tag-default')).toBeVisible()
})

test('the playground streams an answer from the upstream to complete', async ({ page }) => {
  await signIn(page, { english: true })
  await page.goto('/playground')
  await expect(page.getByTestId('page-title')).toHaveText('Playground')
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('gpt-4o-mini')
  await expect(page.getByLabel('Group')).toHaveValue('default')
  await page.getByLabel('Type a message; Enter sends, Shift+Enter adds a line').fill('Say something')
  await page.getByRole('button', { name: 'Send' }).click()
  const reply = page.getByTestId('chat-message').last()
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 })
  await expect(reply).toContainText(answer)
  await expect(reply.getByTestId('chat-message-status')).toHaveText('Complete')
  const call = upstream.requests.findLast((r) => r.path === '/v1/chat/completions')
  expect(call).toBeDefined()

  // The conversation survives a reload (kept in localStorage).
  await page.reload()
  await expect(page.getByTestId('chat-message').last()).toContainText(answer)
  await page.getByRole('button', { name: 'Clear context' }).click()
  await expect(page.getByTestId('chat-message')).toHaveCount(0)
})

test('pictures /pricing and /playground in both themes, languages and widths', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000)
  const seeded = [
    { id: 'u1', role: 'user', content: 'Write a haiku about gateways', createAt: 1_700_000_000, status: 'complete' },
    {
      id: 'a1',
      role: 'assistant',
      content: '**Gateways** hum softly\n\n- routes\n- ratios\n\n`stream: true`',
      createAt: 1_700_000_001,
      status: 'complete',
    },
    { id: 'u2', role: 'user', content: 'And one that fails?', createAt: 1_700_000_002, status: 'complete' },
    {
      id: 'a2',
      role: 'assistant',
      content: 'No available channel for this model',
      createAt: 1_700_000_003,
      status: 'error',
    },
  ]
  for (const look of LOOKS) {
    const { theme, language, width } = look
    const { context, page } = await openConsoleAs(browser, baseURL, look, {
      'playground-messages': JSON.stringify(seeded),
    })
    await page.goto('/pricing')
    await expect(page.getByTestId('pricing-table').getByText(priceModel)).toBeVisible()
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: testInfo.outputPath(`pricing-${theme}-${language}-${width}.png`), fullPage: true })
    await page.goto('/playground')
    await expect(page.getByTestId('chat-message')).toHaveCount(4)
    if (width > 375) await expect(page.getByLabel(language === 'zh' ? '分组' : 'Group')).toHaveValue('default')
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: testInfo.outputPath(`playground-${theme}-${language}-${width}.png`) })
    if (width === 375) {
      await page.getByRole('button', { name: language === 'zh' ? '显示或隐藏设置' : 'Show or hide settings' }).click()
      await page.screenshot({ path: testInfo.outputPath(`playground-panel-${theme}-${language}-${width}.png`) })
    }
    await context.close()
  }
})
