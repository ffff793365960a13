import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import type { Locator, Page } from '@playwright/test'
import { addChannel, ensureRoot, expect, openConsoleAs, rootHeaders, test } from './fixtures.ts'

/**
 * Tables that fit: the usage log, the drawing log and the task log, filled with real rows made
 * through the relay (a mock OpenAI upstream, a fake Midjourney proxy and a fake Suno server
 * started here), show every default column of a 1366 px laptop screen without scrolling sideways,
 * turn each row into a card on a 390 px phone, share one pager, and every list page opens its
 * column settings as a dialog. A list that fails to load shows one toast and no count.
 * Pictures of the three pages go to each test's output directory (test-results/), kept for review.
 */
const stamp = Date.now()
// Long names on purpose (as long as the server takes): the cells must cut them, not widen the table.
const tokenName = `e2e-fit-long-token-${stamp % 100_000_000}`
const LONG_PROMPT =
  'a lighthouse on a cliff at dawn, waves crashing below, volumetric light, oil painting in the style of the old masters'
const LONG_REASON =
  'The prompt was refused by the content policy of the drawing service because it names a living artist'
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

let upstream: MockUpstream
const servers: Server[] = []
const channelIds: number[] = []
let savedPrices: string | undefined
let savedAddress: string | undefined

/** A tiny JSON server on a free loopback port. */
async function serve(handler: (url: string, body: Record<string, unknown>) => unknown): Promise<string> {
  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    request.on('end', () => {
      if (request.url?.startsWith('/images/')) {
        response.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
        return
      }
      const answer = handler(request.url ?? '', JSON.parse(raw || '{}') as Record<string, unknown>)
      if (answer === undefined) response.writeHead(404).end()
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A Midjourney proxy: the first imagine succeeds with an image, the second fails with a long reason. */
async function startMjProxy(): Promise<string> {
  let counter = 0
  const tasks = new Map<string, Record<string, unknown>>()
  const url = await serve((path, body) => {
    if (path === '/mj/submit/imagine') {
      const id = `17${stamp}${++counter}`
      const failed = counter % 2 === 0
      tasks.set(id, {
        id,
        action: 'IMAGINE',
        status: failed ? 'FAILURE' : 'SUCCESS',
        progress: failed ? '0%' : '100%',
        imageUrl: failed ? '' : `${url}/images/${id}.png`,
        failReason: failed ? LONG_REASON : '',
        prompt: body.prompt,
        promptEn: body.prompt,
        submitTime: Date.now() - 95_000,
        startTime: Date.now() - 90_000,
        finishTime: Date.now(),
      })
      return { code: 1, description: 'Submit success', result: id, properties: {} }
    }
    if (path === '/mj/task/list-by-condition')
      return ((body.ids as string[]) ?? []).flatMap((id) => (tasks.has(id) ? [tasks.get(id)] : []))
    return undefined
  })
  return url
}

/** A Suno server: music tasks end on the first fetch, one of them failed with a long reason. */
async function startSuno(): Promise<string> {
  let counter = 0
  const tasks = new Map<string, Record<string, unknown>>()
  return serve((path, body) => {
    const now = Math.floor(Date.now() / 1000)
    if (path === '/suno/submit/music') {
      const task_id = `e2e-fit-suno-${stamp}-${++counter}`
      const failed = String(body.prompt).includes('doomed')
      tasks.set(task_id, {
        task_id,
        action: 'MUSIC',
        status: failed ? 'FAILURE' : 'SUCCESS',
        progress: failed ? '20%' : '100%',
        fail_reason: failed ? LONG_REASON : '',
        submit_time: now - 75,
        start_time: now - 70,
        finish_time: now,
        data: failed ? null : [{ audio_url: 'https://cdn.example/e2e.mp3' }],
      })
      return { code: 'success', message: '', data: task_id }
    }
    if (path === '/suno/fetch')
      return {
        code: 'success',
        message: '',
        data: ((body.ids as string[]) ?? []).flatMap((id) => (tasks.has(id) ? [tasks.get(id)] : [])),
      }
    return undefined
  })
}

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(120_000)
  await ensureRoot(request, baseURL)
  const headers = await rootHeaders(request, baseURL)
  upstream = await startMockUpstream()
  const [mjUrl, sunoUrl] = await Promise.all([startMjProxy(), startSuno()])

  const options = (await (await request.get(`${baseURL}/api/option/`, { headers })).json()).data as {
    key: string
    value: string
  }[]
  savedPrices = options.find((option) => option.key === 'ModelPrice')?.value
  savedAddress = options.find((option) => option.key === 'ServerAddress')?.value
  const prices = { ...JSON.parse(savedPrices || '{}'), mj_imagine: 0.1, suno_music: 0.1 }
  for (const [key, value] of [
    ['ModelPrice', JSON.stringify(prices)],
    ['ServerAddress', baseURL ?? ''],
  ]) {
    const saved = await (await request.put(`${baseURL}/api/option/`, { headers, data: { key, value } })).json()
    expect(saved.success, saved.message).toBe(true)
  }
  const channels: [number, string, string, string][] = [
    [1, 'sk-e2e-mock', upstream.url, 'gpt-4o-mini'],
    [2, 'e2e-mj-secret', mjUrl, 'mj_imagine'],
    [36, 'suno-e2e-secret', sunoUrl, 'suno_music'],
  ]
  for (const [type, key, base_url, models] of channels) {
    channelIds.push(
      await addChannel(request, baseURL, headers, {
        name: `e2e-fit-channel-with-a-long-name-${type}-${stamp}`,
        type,
        key,
        base_url,
        models,
        priority: 200,
      })
    )
  }
  const token = await (
    await request.post(`${baseURL}/api/token/`, {
      headers,
      data: { name: tokenName, unlimited_quota: true, expired_time: -1 },
    })
  ).json()
  expect(token.success, token.message).toBe(true)
  const relay = async (path: string, body: unknown) => {
    const response = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.data.key}`,
        'content-type': 'application/json',
        'mj-api-secret': token.data.key,
      },
      body: JSON.stringify(body),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    await response.text()
  }
  for (const content of ['first call', 'second call'])
    await relay('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      stream: content === 'second call',
      messages: [{ role: 'user', content }],
    })
  for (const prompt of [LONG_PROMPT, `${LONG_PROMPT}, second take`]) await relay('/mj/submit/imagine', { prompt })
  for (const prompt of ['a calm song', 'a doomed song']) await relay('/suno/submit/music', { prompt, tags: 'e2e' })
})

test.afterAll(async ({ request, baseURL }) => {
  const headers = await rootHeaders(request, baseURL)
  for (const id of channelIds) await request.delete(`${baseURL}/api/channel/${id}/`, { headers })
  if (savedPrices !== undefined)
    await request.put(`${baseURL}/api/option/`, { headers, data: { key: 'ModelPrice', value: savedPrices } })
  if (savedAddress !== undefined)
    await request.put(`${baseURL}/api/option/`, { headers, data: { key: 'ServerAddress', value: savedAddress } })
  await upstream?.stop()
  for (const server of servers) await new Promise((done) => server.close(done))
})

const LOG_PAGES = [
  { path: '/log', table: 'logs-table' },
  { path: '/midjourney', table: 'mj-table' },
  { path: '/task', table: 'tasks-table' },
] as const

/** Opens a log page and waits until this run's rows are there (logs and task results land a moment later). */
async function openWithRows(page: Page, path: string, rows: Locator): Promise<void> {
  await expect(async () => {
    await page.goto(path)
    await expect(rows.first()).toBeVisible({ timeout: 3000 })
    expect(await rows.count()).toBeGreaterThanOrEqual(2)
  }).toPass({ timeout: 40_000 })
}

test('at 1366x768 in English every default column of the three log pages is in view, without sideways scrolling', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000)
  const { context, page } = await openConsoleAs(browser, baseURL, {
    width: 1366,
    height: 768,
    language: 'en',
    theme: 'light',
  })
  for (const { path, table } of LOG_PAGES) {
    const box = page.getByTestId(table)
    await openWithRows(page, path, box.locator('tbody tr:not(:has([data-testid=data-table-empty]))'))
    const headers = box.locator('thead th')
    // The admin columns (channel, user, retry) are part of the defaults root sees.
    expect(await headers.count()).toBeGreaterThanOrEqual(10)
    for (const header of await headers.all()) {
      const rect = (await header.boundingBox())!
      expect.soft(rect.x, `${path}: "${await header.textContent()}" starts in view`).toBeGreaterThanOrEqual(0)
      expect
        .soft(rect.x + rect.width, `${path}: "${await header.textContent()}" ends in view`)
        .toBeLessThanOrEqual(1366)
    }
    const scroll = await box.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }))
    expect.soft(scroll.scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(scroll.clientWidth)
    await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}-1366-en-light.png`), fullPage: true })
  }
  await context.close()
})

test('at 390x844 each row of the three log pages is a card, and nothing scrolls sideways', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000)
  const { context, page } = await openConsoleAs(browser, baseURL, {
    width: 390,
    height: 844,
    language: 'zh',
    theme: 'dark',
  })
  for (const { path, table } of LOG_PAGES) {
    const box = page.getByTestId(table)
    const cards = box.locator('li[data-card]')
    await openWithRows(page, path, cards)
    await expect(box).toHaveAttribute('data-layout', 'cards')
    await expect(box.locator('table')).toHaveCount(0)
    // A card is "label: value" lines, not a squeezed table row.
    await expect(cards.first().locator('dt').first()).toBeVisible()
    expect(await cards.first().locator('dt').count()).toBeGreaterThanOrEqual(5)
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }))
    expect(widths.page, `${path} scrolls sideways`).toBeLessThanOrEqual(widths.view)
    for (const card of await cards.all()) {
      const rect = (await card.boundingBox())!
      expect(rect.x + rect.width).toBeLessThanOrEqual(390)
    }
    await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}-390-zh-dark.png`), fullPage: true })
  }
  await context.close()
})

test('the three log pages share one pager, and every list page opens its column settings as a dialog', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { context, page } = await openConsoleAs(browser, baseURL, {
    width: 1366,
    height: 768,
    language: 'en',
    theme: 'light',
  })
  for (const { path } of LOG_PAGES) {
    await page.goto(path)
    const pager = page.getByTestId('data-table-pagination')
    await expect(pager).toHaveCount(1)
    await expect(pager.getByTestId('data-table-total')).toHaveText(/^\d+ in total$/)
    await expect(pager.getByTestId('data-table-page')).toHaveText(/^Page \d+ of \d+$/)
    await expect(pager.getByRole('combobox', { name: 'Per page' })).toBeVisible()
    const buttons = await pager
      .getByRole('button')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')))
    expect(buttons, path).toEqual(['First page', 'Previous page', 'Next page', 'Last page'])
    expect(await pager.getByRole('combobox').locator('option').allTextContents()).toEqual(['10', '20', '50', '100'])
  }
  for (const path of ['/channel', '/token', '/redemption', '/user', '/log', '/midjourney', '/task']) {
    await page.goto(path)
    await page.getByTestId('column-settings-trigger').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog, path).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Column settings' })).toBeVisible()
    await expect(dialog.locator('[data-testid^=column-toggle-]').first()).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toHaveCount(0)
  }
  await context.close()
})

test('a list that fails to load shows one toast and no count', async ({ browser, baseURL }) => {
  test.setTimeout(90_000)
  const { context, page } = await openConsoleAs(browser, baseURL, {
    width: 1366,
    height: 768,
    language: 'en',
    theme: 'light',
  })
  // On /log the statistics fail with the list: the two failures still make one toast.
  const lists = [
    { path: '/token', failing: (pathname: string) => pathname === '/api/token/' },
    { path: '/log', failing: (pathname: string) => pathname.startsWith('/api/log/') },
    { path: '/midjourney', failing: (pathname: string) => pathname === '/api/mj/' },
    { path: '/task', failing: (pathname: string) => pathname === '/api/task/' },
  ]
  for (const { path, failing } of lists) {
    const matcher = (url: URL) => failing(url.pathname)
    await page.route(matcher, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'fit: broke on purpose' }),
      })
    )
    await page.goto(path)
    // The console tries a 5xx once more before it gives up.
    await expect(page.getByTestId('load-error')).toBeVisible({ timeout: 15_000 })
    const toasts = page.locator('[data-sonner-toast]')
    // The toast says what the table says.
    await expect(toasts).toHaveCount(1)
    await expect(page.getByTestId('load-error-message')).toContainText((await toasts.textContent()) ?? '-')
    // A second toast would follow the first within moments (a second observer or a refetch).
    await page.waitForTimeout(1500)
    await expect(toasts).toHaveCount(1)
    await expect(page.getByTestId('data-table-total')).toHaveCount(0)
    await expect(page.getByText(/\d+ in total/)).toHaveCount(0)
    await page.unroute(matcher)
  }
  await context.close()
})
