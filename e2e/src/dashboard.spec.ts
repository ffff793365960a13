import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import type { Page } from '@playwright/test'
import { addChannel, ensureRoot, expect, ROOT, rootHeaders, test } from './fixtures.ts'

/**
 * The data dashboard: with data export enabled, a fresh user (topped up with a redemption code)
 * sends three chat calls through a channel on the mock upstream; /detail then shows the model and
 * the exact totals of those calls, to the user (own data) and to the root filtering by that user.
 */
const model = 'gpt-4o-mini'
const suffix = Date.now().toString(36).slice(-6)
const user = { username: `dash${suffix}`, password: 'dashpass123' }
const calls = 3

let upstream: MockUpstream
let channelId: number | undefined
let expectedTokens = 0

async function apiAs(baseURL: string, account: { username: string; password: string }) {
  const login = await fetch(`${baseURL}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  })
  const body = await login.json()
  expect(body.success, body.message).toBe(true)
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  return async (method: string, path: string, data?: unknown) => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, 'New-Api-User': String(body.data.id) },
      body: data === undefined ? undefined : JSON.stringify(data),
    })
    return response.json()
  }
}

async function signInAs(page: Page, account: { username: string; password: string }) {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/login')
  await page.getByTestId('login-username').fill(account.username)
  await page.getByTestId('login-password').fill(account.password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/token$/)
}

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  upstream = await startMockUpstream()
  const headers = await rootHeaders(request, baseURL)
  const option = await (
    await request.put(`${baseURL}/api/option/`, { headers, data: { key: 'DataExportEnabled', value: 'true' } })
  ).json()
  expect(option.success, option.message).toBe(true)
  channelId = await addChannel(request, baseURL, headers, {
    name: `e2e-dash-${suffix}`,
    type: 1,
    key: 'sk-e2e-mock',
    base_url: upstream.url,
    models: model,
  })
  const codes = await (
    await request.post(`${baseURL}/api/redemption/`, {
      headers,
      data: { name: `dash-${suffix}`, quota: 5_000_000, count: 1 },
    })
  ).json()
  expect(codes.success, codes.message).toBe(true)

  const registered = await (
    await fetch(`${baseURL}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    })
  ).json()
  expect(registered.success, registered.message).toBe(true)
  const asUser = await apiAs(baseURL!, user)
  const topup = await asUser('POST', '/api/user/topup', { key: codes.data[0] })
  expect(topup.success, topup.message).toBe(true)
  const token = await asUser('POST', '/api/token/', { name: `dash-${suffix}`, unlimited_quota: true, expired_time: -1 })
  expect(token.success, token.message).toBe(true)

  for (let i = 0; i < calls; i++) {
    const response = await fetch(`${baseURL}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.data.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: `dashboard call ${i}` }] }),
    })
    const text = await response.text()
    expect(response.status, text).toBe(200)
    const usage = JSON.parse(text).usage
    expectedTokens += usage.prompt_tokens + usage.completion_tokens
  }
  expect(expectedTokens).toBeGreaterThan(0)
})

test.afterAll(async ({ request, baseURL }) => {
  if (channelId !== undefined)
    await request.delete(`${baseURL}/api/channel/${channelId}/`, { headers: await rootHeaders(request, baseURL) })
  await upstream?.stop()
})

async function expectTotals(page: Page) {
  const row = page.getByTestId('dashboard-model-row').filter({ hasText: model })
  // Settling (and with it the rollup) finishes just after the answer; reload until it shows.
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('dashboard-total-count')).toHaveText(String(calls), { timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  await expect(page.getByTestId('dashboard-total-tokens')).toHaveAttribute('data-value', String(expectedTokens))
  await expect(page.getByTestId('dashboard-total-quota')).toHaveText(/^\$\d/)
  await expect(row).toHaveCount(1)
  await expect(row.locator('td').nth(1)).toHaveText(String(calls))
  await expect(page.getByTestId('dashboard-trend-chart').locator('.recharts-bar-rectangle').first()).toBeVisible()
}

test('a user sees the model and totals of their own calls', async ({ page }) => {
  await signInAs(page, user)
  await page.getByTestId('nav-detail').first().click()
  await expect(page).toHaveURL(/\/detail/)
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard')
  await expect(page.getByTestId('dashboard-username')).toHaveCount(0)
  await expectTotals(page)
  // Other granularities regroup the same rows.
  await page.getByTestId('dashboard-granularity').selectOption('day')
  await expect(page).toHaveURL(/granularity=day/)
  await expect(page.getByTestId('dashboard-total-count')).toHaveText(String(calls))
})

test('the root filters the dashboard by that user', async ({ page }) => {
  await signInAs(page, ROOT)
  await page.goto('/detail')
  await page.getByTestId('dashboard-username').fill(user.username)
  await page.getByTestId('dashboard-submit').click()
  await expect(page).toHaveURL(new RegExp(`username=${user.username}`))
  await expectTotals(page)
  await expect(page.getByText(`of ${user.username} over time`)).toBeVisible()
})
