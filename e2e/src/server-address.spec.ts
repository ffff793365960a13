import type { APIRequestContext } from '@playwright/test'
import { ensureRoot, expect, rootHeaders, signIn, test } from './fixtures.ts'

/**
 * The address the gateway advertises is the one the browser used when ServerAddress is unset (the
 * e2e server listens on a random port, so a fixed default would show the wrong one), the root is
 * told when a stored address differs, and a key search never lands in the page URL.
 */
async function setServerAddress(request: APIRequestContext, baseURL: string | undefined, value: string) {
  const headers = await rootHeaders(request, baseURL)
  const saved = await (
    await request.put(`${baseURL}/api/option/`, { headers, data: { key: 'ServerAddress', value } })
  ).json()
  expect(saved.success, saved.message).toBe(true)
}

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
})

test.afterAll(async ({ request, baseURL }) => {
  // Other specs share this server: leave the address unset again.
  await setServerAddress(request, baseURL, '')
})

test('the home page shows the address the browser used when none is set', async ({ page, request, baseURL }) => {
  await setServerAddress(request, baseURL, '')
  await page.addInitScript(() => localStorage.removeItem('status'))
  await page.goto('/')
  const origin = new URL(page.url()).origin
  await expect(page.getByTestId('home-base-url')).toHaveText(`${origin}/v1`)
  const status = await (await request.get(`${baseURL}/api/status`)).json()
  expect(status.data.server_address).toBe(new URL(baseURL ?? '').origin)
})

test('system settings say when the stored address is not this one, and can switch to it', async ({
  page,
  request,
  baseURL,
}) => {
  await setServerAddress(request, baseURL, 'http://stale.example.invalid:3000')
  await signIn(page, { english: true })
  await page.goto('/setting?tab=system')
  const origin = new URL(page.url()).origin
  const notice = page.getByTestId('server-address-notice')
  await expect(notice).toContainText(
    `You reached the console at ${origin} but the server address is set to http://stale.example.invalid:3000`
  )
  await notice.getByRole('button', { name: `Use ${origin}` }).click()
  await expect(notice).toBeHidden()
  const headers = await rootHeaders(request, baseURL)
  const options = (await (await request.get(`${baseURL}/api/option/`, { headers })).json()).data as {
    key: string
    value: string
  }[]
  expect(options.find((option) => option.key === 'ServerAddress')?.value).toBe(origin)
})

test('searching a token by its key keeps the key out of the URL', async ({ page }) => {
  const name = `addr-${Date.now().toString(36)}`
  await signIn(page, { english: true })
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as number)
  const headers = { 'New-Api-User': String(userId) }
  const created = await (
    await page.request.post('/api/token/', { headers, data: { name, unlimited_quota: true, expired_time: -1 } })
  ).json()
  expect(created.success, created.message).toBe(true)
  const key = `sk-${created.data.key.replace(/^sk-/, '')}`

  const searches: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/token/search')) searches.push(`${request.method()} ${request.url()}`)
  })
  await page.getByTestId('tokens-search-key').fill(key)
  await page.getByTestId('tokens-search-submit').click()
  const rows = page.getByTestId('tokens-table').locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(name)
  expect(page.url()).not.toContain(key)
  expect(page.url()).not.toContain(key.slice(3))
  expect(searches.length).toBeGreaterThan(0)
  for (const search of searches) expect(search).not.toContain(key.slice(3))
})
