import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { addChannel, ensureRoot, expect, rootHeaders, signIn, test } from './fixtures.ts'

/**
 * The drawing story: root creates a Midjourney Proxy channel (type 2) on a fake proxy started
 * here and prices mj_imagine, submits two imagines through the relay with its own token (charged
 * at submit), finds them on /midjourney, then the proxy finishes one and fails the other: the
 * server's poller picks that up, the page shows Success with its image and Failed with the
 * reason, and the failed task's charge is back in root's quota.
 *
 * The poller runs every MJ_POLL_INTERVAL_SECONDS (default 15 s); set it to 1 in the e2e server's
 * environment to make this spec fast. It waits up to 60 s either way.
 */
const PRICE_USD = 0.25
const QUOTA_PER_CALL = PRICE_USD * 500_000
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

interface FakeTask {
  id: string
  status: string
  progress: string
  imageUrl: string
  failReason: string
}

let proxy: Server
let proxyUrl = ''
const tasks = new Map<string, FakeTask>()
let channelId: number | undefined
let savedOptions: Record<string, string> = {}

/** A Midjourney proxy: submits create tasks, list-by-condition reports them, /images/* serves a pixel. */
async function startProxy(): Promise<void> {
  let counter = 0
  proxy = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const send = (value: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(value))
      }
      if (request.headers['mj-api-secret'] !== 'e2e-mj-secret' && !request.url?.startsWith('/images/')) {
        response.writeHead(401).end()
        return
      }
      if (request.url?.startsWith('/images/')) {
        response.writeHead(200, { 'content-type': 'image/png' })
        response.end(PNG)
      } else if (request.url === '/mj/task/list-by-condition') {
        const ids = (JSON.parse(body) as { ids: string[] }).ids
        send(
          ids
            .filter((id) => tasks.has(id))
            .map((id) => ({ ...tasks.get(id), action: 'IMAGINE', submitTime: Date.now() - 5000, finishTime: 0 }))
        )
      } else if (request.url === '/mj/submit/imagine') {
        const id = `e2e${Date.now()}${++counter}`
        tasks.set(id, { id, status: 'SUBMITTED', progress: '0%', imageUrl: '', failReason: '' })
        send({ code: 1, description: 'Submit success', result: id, properties: {} })
      } else {
        response.writeHead(404).end()
      }
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}

async function rootQuota(request: Parameters<typeof rootHeaders>[0], baseURL: string | undefined): Promise<number> {
  const self = await (
    await request.get(`${baseURL}/api/user/self`, { headers: await rootHeaders(request, baseURL) })
  ).json()
  return Number(self.data.quota)
}

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  await startProxy()
  const headers = await rootHeaders(request, baseURL)
  const options = (await (await request.get(`${baseURL}/api/option/`, { headers })).json()).data as {
    key: string
    value: string
  }[]
  savedOptions = Object.fromEntries(
    options.filter((o) => o.key === 'ModelPrice' || o.key === 'ServerAddress').map((o) => [o.key, o.value])
  )
  const prices = { ...JSON.parse(savedOptions.ModelPrice ?? '{}'), mj_imagine: PRICE_USD }
  for (const [key, value] of [
    ['ModelPrice', JSON.stringify(prices)],
    ['ServerAddress', baseURL ?? ''],
  ]) {
    const saved = await (await request.put(`${baseURL}/api/option/`, { headers, data: { key, value } })).json()
    expect(saved.success, saved.message).toBe(true)
  }
  channelId = await addChannel(request, baseURL, headers, {
    name: `e2e-mj-${Date.now()}`,
    type: 2,
    key: 'e2e-mj-secret',
    base_url: proxyUrl,
    models: 'mj_imagine',
  })
})

test.afterAll(async ({ request, baseURL }) => {
  const headers = await rootHeaders(request, baseURL)
  if (channelId !== undefined) await request.delete(`${baseURL}/api/channel/${channelId}/`, { headers })
  for (const [key, value] of Object.entries(savedOptions))
    await request.put(`${baseURL}/api/option/`, { headers, data: { key, value } })
  await new Promise((done) => proxy?.close(done))
})

test('submits drawings through the relay, shows them, and refunds the failed one', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const headers = await rootHeaders(request, baseURL)
  const token = await (
    await request.post(`${baseURL}/api/token/`, {
      headers,
      data: { name: `e2e-mj-${Date.now()}`, unlimited_quota: true, expired_time: -1 },
    })
  ).json()
  expect(token.success, token.message).toBe(true)
  const before = await rootQuota(request, baseURL)

  const ids: string[] = []
  for (const prompt of ['a lighthouse at dawn', 'a forbidden picture']) {
    const response = await fetch(`${baseURL}/mj/submit/imagine`, {
      method: 'POST',
      headers: { 'mj-api-secret': token.data.key, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt }),
    })
    const answer = (await response.json()) as { code: number; result: string }
    expect(response.status).toBe(200)
    expect(answer.code).toBe(1)
    ids.push(answer.result)
  }
  const [good, bad] = ids as [string, string]
  expect(await rootQuota(request, baseURL)).toBe(before - 2 * QUOTA_PER_CALL)

  await signIn(page, { english: true })
  await page.goto(`/midjourney?channel_id=${channelId}`)
  await expect(page.getByTestId('page-title')).toHaveText('Drawing log')
  const rows = page.getByTestId('mj-table').locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: good }).getByTestId('mj-status')).toHaveText('Queued')
  await expect(rows.filter({ hasText: bad }).getByTestId('mj-code')).toHaveText('Submitted')
  await expect(rows.filter({ hasText: good }).getByTestId('mj-action')).toHaveText('Draw')

  tasks.set(good, {
    id: good,
    status: 'SUCCESS',
    progress: '100%',
    imageUrl: `${proxyUrl}/images/${good}.png`,
    failReason: '',
  })
  tasks.set(bad, { id: bad, status: 'FAILURE', progress: '0%', imageUrl: '', failReason: 'Banned prompt detected' })
  // The poller runs in the server; the page refreshes itself while a task runs.
  await expect(rows.filter({ hasText: good }).getByTestId('mj-status')).toHaveText('Success', { timeout: 60_000 })
  await expect(rows.filter({ hasText: bad }).getByTestId('mj-status')).toHaveText('Failed', { timeout: 20_000 })
  await expect(rows.filter({ hasText: bad }).getByTestId('mj-fail-reason')).toHaveText('Banned prompt detected')
  await expect(rows.filter({ hasText: good }).getByTestId('mj-duration')).toBeVisible()
  expect(await rootQuota(request, baseURL)).toBe(before - QUOTA_PER_CALL)

  // The preview goes through the gateway's /mj/image/{id}, which fetches it from the proxy.
  await rows.filter({ hasText: good }).getByTestId('mj-image').click()
  const image = page.getByTestId('mj-image-dialog').getByRole('img')
  await expect(image).toHaveAttribute('src', `${baseURL}/mj/image/${good}`)
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
  await page.keyboard.press('Escape')

  // The task-id filter narrows the list to one row.
  await page.getByTestId('mj-filter-mj_id').fill(bad)
  await page.getByTestId('mj-filter-submit').click()
  await expect(page).toHaveURL(new RegExp(`mj_id=${bad}`))
  await expect(rows).toHaveCount(1)

  // The refund is logged once for root.
  const logs = await (await request.get(`${baseURL}/api/log/self?type=4&p=1&page_size=100`, { headers })).json()
  expect(logs.data.items.filter((log: { content: string }) => log.content.includes(bad))).toHaveLength(1)
})
