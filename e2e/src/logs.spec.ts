import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { addChannel, ensureRoot, expect, LOOKS, openConsoleAs, rootHeaders, signIn, test } from './fixtures.ts'

/**
 * The usage log page: a channel on a mock OpenAI upstream serves two relay calls made with a
 * token created through the API; /log then lists two consumption rows for that model, with their
 * quota, and one row expands into its pricing explanation. Also pictures /log (light/dark,
 * zh/en, desktop/mobile) into the test's output directory.
 */
const model = 'gpt-4o-mini'
/** The rows of this run are found by their token's name (the model is a priced, shared one). */
const tokenName = `e2e-log-${Date.now()}`

let upstream: MockUpstream
let channelId: number | undefined

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  upstream = await startMockUpstream()
  const headers = await rootHeaders(request, baseURL)
  channelId = await addChannel(request, baseURL, headers, {
    name: `e2e-log-${Date.now()}`,
    type: 1,
    key: 'sk-e2e-mock',
    base_url: upstream.url,
    models: model,
  })

  const token = await (
    await request.post(`${baseURL}/api/token/`, {
      headers,
      data: { name: tokenName, unlimited_quota: true, expired_time: -1 },
    })
  ).json()
  expect(token.success, token.message).toBe(true)
  for (const content of ['first call', 'second call']) {
    const response = await fetch(`${baseURL}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.data.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    await response.text()
  }
})

test.afterAll(async ({ request, baseURL }) => {
  if (channelId !== undefined)
    await request.delete(`${baseURL}/api/channel/${channelId}/`, { headers: await rootHeaders(request, baseURL) })
  await upstream?.stop()
})

test('lists the two consumption rows of the relay calls and expands one', async ({ page }) => {
  await signIn(page, { english: true })
  await page.goto('/log')
  await expect(page.getByTestId('page-title')).toHaveText('Usage logs')
  await page.getByTestId('log-filter-token_name').fill(tokenName)
  await page.getByTestId('log-filter-type').selectOption('2')
  await page.getByTestId('log-filter-submit').click()
  await expect(page).toHaveURL(new RegExp(`token_name=${tokenName}`))
  const rows = page.getByTestId('log-row')
  // Logs are written in batches off the request path; reload until both are there.
  await expect(async () => {
    await page.reload()
    await expect(rows).toHaveCount(2, { timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  for (const row of await rows.all()) {
    await expect(row.getByText('Consumption')).toBeVisible()
    await expect(row.getByText(model, { exact: true })).toBeVisible()
    await expect(row.getByText(tokenName)).toBeVisible()
    await expect(row.getByTestId('log-quota')).toHaveText(/^[$\d][\d.,$]*$/)
  }
  await rows.first().getByTestId('log-expand').click()
  const details = page.getByTestId('log-details')
  await expect(details).toBeVisible()
  await expect(details.getByText(/^Model ratio [\d.]+, completion ratio [\d.]+, group ratio [\d.]+$/)).toBeVisible()
  await expect(details.getByText(/^Charged: /)).toBeVisible()
  await expect(page.getByTestId('log-stat-quota')).toBeVisible()
})

test('pictures /log in both themes, languages and widths', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(120_000)
  for (const look of LOOKS) {
    const { theme, language, width } = look
    const { context, page } = await openConsoleAs(browser, baseURL, look)
    await page.goto(`/log?token_name=${tokenName}`)
    await expect(page.getByTestId('log-row')).toHaveCount(2)
    await page.getByTestId('log-expand').first().click()
    await expect(page.getByTestId('log-details')).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath(`log-${theme}-${language}-${width}.png`), fullPage: true })
    await context.close()
  }
})
