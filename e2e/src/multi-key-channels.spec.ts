import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import OpenAI from 'openai'
import { ensureRoot, expect, signIn, test } from './fixtures.ts'

/**
 * A multi-key channel from the console (the reference's "several keys in one channel"), used by
 * the official OpenAI SDK: the keys are taken in turn, and a key disabled in the key manager is
 * no longer sent upstream. Runs in English.
 */
let upstream: MockUpstream

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  upstream = await startMockUpstream()
})

test.afterAll(async () => {
  await upstream?.stop()
})

test('a multi-key channel takes its keys in turn and skips a disabled one', async ({ page, baseURL }) => {
  const run = Date.now().toString(36)
  const name = `e2e-multi-${run}`
  // A priced model no other spec's channel lists, so only this channel can answer for it.
  const model = 'gpt-4.1-nano'
  const keys = [`sk-first-${run}`, `sk-second-${run}`]
  await signIn(page, { english: true })
  await page.goto('/channel/add')
  const drawer = page.getByTestId('channel-editor')
  await expect(drawer).toBeVisible()
  await drawer.getByTestId('channel-type').selectOption('1')
  await drawer.getByTestId('channel-add-mode').selectOption('multi_to_single')
  await drawer.getByTestId('channel-multi-key-mode').selectOption('polling')
  await expect(drawer.getByText('Requests take the enabled keys in turn')).toBeVisible()
  await drawer.getByTestId('channel-name').fill(name)
  await drawer.getByTestId('channel-base-url').fill(upstream.url)
  await drawer.getByTestId('channel-key').fill(keys.join('\n'))
  await drawer.getByTestId('channel-private-network').click()
  await drawer.getByTestId('channel-custom-models').fill(model)
  await drawer.getByTestId('channel-add-custom').click()
  await drawer.getByTestId('channel-editor-save').click()
  await expect(page.getByText('Channel created!')).toBeVisible()

  // One channel, marked as holding two keys, both enabled.
  await page.getByTestId('channel-filter-keyword').fill(name)
  await page.getByTestId('channel-filter-search').click()
  const row = page.getByTestId('channels-table').locator('tbody tr', { hasText: name })
  await expect(row).toHaveCount(1)
  await expect(row.locator('[data-testid^="multi-key-badge-"]')).toHaveText(/2\s*\/\s*2/)

  // A token for the SDK, its full key fetched as the console's copy button does.
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as number)
  const headers = { 'New-Api-User': String(userId) }
  const created = await (
    await page.request.post('/api/token/', { headers, data: { name, unlimited_quota: true, expired_time: -1 } })
  ).json()
  expect(created.success, created.message).toBe(true)
  const listed = await (
    await page.request.get(`/api/token/search?keyword=${name}&p=1&page_size=10`, { headers })
  ).json()
  const tokenId = listed.data.items[0].id as number
  const revealed = await (await page.request.post(`/api/token/${tokenId}/key`, { headers })).json()
  const client = new OpenAI({ apiKey: `sk-${revealed.data.key}`, baseURL: `${baseURL}/v1`, maxRetries: 0 })
  const sentKeys = async (count: number): Promise<string[]> => {
    upstream.reset()
    for (let i = 0; i < count; i++) {
      const answer = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] })
      expect(answer.choices[0]?.message.content?.length).toBeGreaterThan(0)
      expect(answer.usage?.total_tokens).toBeGreaterThan(0)
    }
    return upstream.requests.map((r) => String(r.headers.authorization).replace(/^Bearer /, ''))
  }
  // Polling: four requests, each key twice, never the same key twice in a row.
  const turns = await sentKeys(4)
  expect([...turns].sort()).toEqual([keys[0], keys[0], keys[1], keys[1]].sort())
  for (let i = 1; i < turns.length; i++) expect(turns[i]).not.toBe(turns[i - 1])

  // The key manager: disable the first key; only the second is sent from then on.
  await row.getByTestId('row-actions-trigger').click()
  await page.getByRole('menuitem', { name: 'Manage keys' }).click()
  const dialog = page.getByTestId('multi-key-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('key-row-0')).toContainText('Enabled')
  await dialog.getByTestId('key-disable-0').click()
  await expect(dialog.getByTestId('key-row-0')).toContainText('Disabled by hand')
  await expect(dialog.getByTestId('key-row-1')).toContainText('Enabled')
  expect(await sentKeys(3)).toEqual([keys[1], keys[1], keys[1]])
})
