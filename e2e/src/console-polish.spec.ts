import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import type { Locator, Page } from '@playwright/test'
import { addChannel, ensureRoot, expect, rootHeaders, signIn, test } from './fixtures.ts'

/**
 * Console polish: the dashboard's axis labels are distinct and unclipped, a toast never covers the
 * Cancel/Submit footer of an edit drawer, and the English sidebar labels fit without an ellipsis.
 */
const suffix = Date.now().toString(36).slice(-6)
const model = 'gpt-4o-mini'
let upstream: MockUpstream
let channelId: number | undefined

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  upstream = await startMockUpstream()
  const headers = await rootHeaders(request, baseURL)
  channelId = await addChannel(request, baseURL, headers, {
    name: `e2e-polish-${suffix}`,
    type: 1,
    key: 'sk-e2e-mock',
    base_url: upstream.url,
    models: model,
  })
  // The root spends through its own token so that its dashboard has bars (and a y axis) to label.
  const codes = await (
    await request.post(`${baseURL}/api/redemption/`, {
      headers,
      data: { name: `polish-${suffix}`, quota: 5_000_000, count: 1 },
    })
  ).json()
  expect(codes.success, codes.message).toBe(true)
  const topup = await (
    await request.post(`${baseURL}/api/user/topup`, { headers, data: { key: codes.data[0] } })
  ).json()
  expect(topup.success, topup.message).toBe(true)
  const token = await (
    await request.post(`${baseURL}/api/token/`, {
      headers,
      data: { name: `polish-${suffix}`, unlimited_quota: true, expired_time: -1 },
    })
  ).json()
  expect(token.success, token.message).toBe(true)
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${baseURL}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.data.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: `polish call ${i}` }] }),
    })
    expect(response.status, await response.text()).toBe(200)
  }
})

test.afterAll(async ({ request, baseURL }) => {
  if (channelId !== undefined)
    await request.delete(`${baseURL}/api/channel/${channelId}/`, { headers: await rootHeaders(request, baseURL) })
  await upstream?.stop()
})

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number }
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Labels whose text is wider than their box (an ellipsis is showing). */
async function truncatedLabels(container: Locator): Promise<string[]> {
  return container
    .locator('span.truncate')
    .evaluateAll((spans) =>
      spans
        .filter((span) => span.clientWidth > 0 && span.scrollWidth > span.clientWidth)
        .map((span) => span.textContent ?? '')
    )
}

// Recharts draws the tick labels of an axis in their own layer, classed by the axis type.
const Y_TICKS = '.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'

async function yTicks(page: Page): Promise<string[]> {
  return page.getByTestId('dashboard-trend-chart').locator(Y_TICKS).allTextContents()
}

test('the dashboard y axis has distinct labels that are not clipped', async ({ page }) => {
  await signIn(page, { english: true })
  await page.setViewportSize({ width: 1440, height: 900 })
  const chart = page.getByTestId('dashboard-trend-chart')
  // Settling (and with it the rollup) finishes just after the answer; reload until the bars show.
  await expect(async () => {
    await page.goto('/detail')
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  for (const metric of ['quota', 'tokens', 'count']) {
    await page.getByTestId(`dashboard-metric-${metric}`).click()
    if (metric === 'quota') await expect.poll(async () => (await yTicks(page)).at(-1) ?? '').toMatch(/^\$\d/)
    else await expect.poll(async () => (await yTicks(page)).at(-1) ?? '$').toMatch(/^\d/)
    const ticks = await yTicks(page)
    expect(ticks.length, metric).toBeGreaterThanOrEqual(3)
    expect(new Set(ticks).size, `${metric}: ${ticks.join(' | ')}`).toBe(ticks.length)
    if (metric === 'quota') for (const tick of ticks) expect(tick).toMatch(/^\$\d/)
    // Each label starts inside the chart's svg: none is cut at the left edge.
    const svg = await chart.locator('svg.recharts-surface').first().boundingBox()
    for (const box of await chart
      .locator(Y_TICKS)
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().left))) {
      expect(box).toBeGreaterThanOrEqual(svg!.x)
    }
  }
})

test('a toast shown while an edit drawer is open leaves its footer buttons uncovered', async ({ page }) => {
  await signIn(page, { english: true })
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    await page.goto('/token')
    // The create call fails, so the drawer stays open while the error toast shows.
    await page.route('**/api/token/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ json: { success: false, message: 'polish: refused on purpose' } })
        : route.fallback()
    )
    await page.getByTestId('tokens-add').click()
    const drawer = page.getByTestId('token-editor')
    await expect(drawer).toBeVisible()
    await drawer.getByLabel('Name').fill(`toast-${suffix}`)
    const submit = drawer.getByTestId('token-editor-submit')
    await submit.click()
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'polish: refused on purpose' })
    await expect(toast).toBeVisible()
    await expect(drawer).toBeVisible()
    const toastBox = (await toast.boundingBox())!
    const buttons = drawer.getByRole('button', { name: /^(Cancel|Submit|Create|Save)/ })
    expect(await buttons.count()).toBeGreaterThanOrEqual(2)
    for (const button of await buttons.all()) {
      expect(
        overlaps(toastBox, (await button.boundingBox())!),
        `${viewport.width}px: ${await button.textContent()}`
      ).toBe(false)
    }
    await page.unroute('**/api/token/')
  }
})

test('the English sidebar labels fit, expanded at 1440 and in the mobile sheet', async ({ page }) => {
  await signIn(page, { english: true })
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/detail')
  const sidebar = page.getByTestId('sidebar')
  await expect(sidebar.getByTestId('nav-redemption')).toHaveText('Redemptions')
  await expect(sidebar.getByTestId('nav-user')).toHaveText('Users')
  expect(await sidebar.locator('span.truncate').count()).toBeGreaterThan(5)
  expect(await truncatedLabels(sidebar)).toEqual([])

  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByTestId('mobile-menu').click()
  const sheet = page.getByTestId('mobile-sidebar')
  await expect(sheet.getByTestId('nav-user')).toBeVisible()
  expect(await truncatedLabels(sheet)).toEqual([])
})
