import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { addChannel, ensureRoot, expect, rootHeaders, signIn, test } from './fixtures.ts'

/**
 * The music task log: a Suno API channel (type 36) on a fake Suno server started here, priced
 * through ModelPrice as root; two music tasks are submitted through /suno/submit/music with a
 * token made through the API. The server's poller moves one to SUCCESS and the other to FAILURE,
 * which is refunded (the root's quota is back by one task's price); /task shows both rows.
 *
 * The poller runs every SUNO_TASK_POLL_SECONDS (15 by default); run the suite with
 * SUNO_TASK_POLL_SECONDS=1 (global-setup passes the environment to the server) to keep this short.
 */
const PRICE = 0.2
const TASK_QUOTA = PRICE * 500_000

interface FakeTask {
  task_id: string
  action: string
  status: string
  progress: string
  fail_reason: string
  submit_time: number
  start_time: number
  finish_time: number
  data: unknown
}

/** A Suno API server: every task runs on the first fetch and ends on the second; "doomed" prompts fail. */
async function startFakeSuno(): Promise<{ url: string; server: Server }> {
  const tasks = new Map<string, { task: FakeTask; doomed: boolean; fetches: number }>()
  let counter = 0
  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as { prompt?: string; ids?: string[] }
      const answer = (payload: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(payload))
      }
      const now = Math.floor(Date.now() / 1000)
      if (request.url === '/suno/submit/music') {
        const task_id = `e2e-suno-${Date.now()}-${++counter}`
        const task: FakeTask = {
          task_id,
          action: 'MUSIC',
          status: 'SUBMITTED',
          progress: '0%',
          fail_reason: '',
          submit_time: now,
          start_time: 0,
          finish_time: 0,
          data: null,
        }
        tasks.set(task_id, { task, doomed: String(body.prompt).includes('doomed'), fetches: 0 })
        return answer({ code: 'success', message: '', data: task_id })
      }
      if (request.url === '/suno/fetch') {
        const found = (body.ids ?? []).flatMap((id) => {
          const entry = tasks.get(id)
          if (!entry) return []
          entry.fetches++
          if (entry.fetches === 1)
            Object.assign(entry.task, { status: 'IN_PROGRESS', progress: '50%', start_time: now })
          else if (entry.doomed)
            Object.assign(entry.task, {
              status: 'FAILURE',
              fail_reason: 'The prompt was refused by the e2e content policy',
              finish_time: now,
            })
          else
            Object.assign(entry.task, {
              status: 'SUCCESS',
              progress: '100%',
              finish_time: now,
              data: [{ audio_url: 'https://cdn.example/e2e.mp3' }],
            })
          return [entry.task]
        })
        return answer({ code: 'success', message: '', data: found })
      }
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ code: 'not_found', message: request.url }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

let fake: { url: string; server: Server } | undefined
let channelId: number | undefined
let key = ''
let headers: Record<string, string> = {}
let modelPriceBefore: string | undefined

test.beforeAll(async ({ request, baseURL }) => {
  await ensureRoot(request, baseURL)
  fake = await startFakeSuno()
  headers = await rootHeaders(request, baseURL)
  channelId = await addChannel(request, baseURL, headers, {
    name: `e2e-suno-${Date.now()}`,
    type: 36,
    key: 'suno-e2e-secret',
    base_url: fake.url,
    models: 'suno_music,suno_lyrics',
  })

  const options = (await (await request.get(`${baseURL}/api/option/`, { headers })).json()).data as {
    key: string
    value: string
  }[]
  modelPriceBefore = options.find((option) => option.key === 'ModelPrice')?.value
  const prices = { ...JSON.parse(modelPriceBefore || '{}'), suno_music: PRICE }
  const saved = await (
    await request.put(`${baseURL}/api/option/`, { headers, data: { key: 'ModelPrice', value: JSON.stringify(prices) } })
  ).json()
  expect(saved.success, saved.message).toBe(true)

  const token = await (
    await request.post(`${baseURL}/api/token/`, {
      headers,
      data: { name: `e2e-suno-${Date.now()}`, unlimited_quota: true, expired_time: -1 },
    })
  ).json()
  expect(token.success, token.message).toBe(true)
  key = token.data.key
})

test.afterAll(async ({ request, baseURL }) => {
  // Each hook and test has its own request context: sign in again.
  headers = await rootHeaders(request, baseURL)
  if (modelPriceBefore !== undefined)
    await request.put(`${baseURL}/api/option/`, { headers, data: { key: 'ModelPrice', value: modelPriceBefore } })
  if (channelId !== undefined) await request.delete(`${baseURL}/api/channel/${channelId}/`, { headers })
  await new Promise((done) => fake?.server.close(done))
})

const rootQuota = async (request: import('@playwright/test').APIRequestContext, baseURL: string | undefined) =>
  Number((await (await request.get(`${baseURL}/api/user/self`, { headers })).json()).data.quota)

test('runs one music task to success and one to failure with a refund, and lists both in /task', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000)
  headers = await rootHeaders(request, baseURL)
  const before = await rootQuota(request, baseURL)
  const submit = async (prompt: string) => {
    const response = await fetch(`${baseURL}/suno/submit/music`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt, tags: 'e2e' }),
    })
    const body = (await response.json()) as { code: string; data: string; message: string }
    expect(response.status, body.message).toBe(200)
    expect(body.code).toBe('success')
    return body.data
  }
  const good = await submit('a happy e2e song')
  const doomed = await submit('a doomed e2e song')
  // Both are charged at submit.
  expect(await rootQuota(request, baseURL)).toBe(before - 2 * TASK_QUOTA)

  const fetchTask = async (id: string) => {
    const response = await fetch(`${baseURL}/suno/fetch/${id}`, { headers: { authorization: `Bearer ${key}` } })
    return ((await response.json()) as { data: { status: string; progress: string; fail_reason: string } }).data
  }
  await expect(async () => {
    expect((await fetchTask(good)).status).toBe('SUCCESS')
    expect((await fetchTask(doomed)).status).toBe('FAILURE')
  }).toPass({ timeout: 90_000, intervals: [1000] })
  expect(await fetchTask(doomed)).toMatchObject({
    progress: '100%',
    fail_reason: 'The prompt was refused by the e2e content policy',
  })
  // The failure was refunded, once.
  expect(await rootQuota(request, baseURL)).toBe(before - TASK_QUOTA)

  await signIn(page, { english: true })
  await page.goto('/task')
  await expect(page.getByTestId('page-title')).toHaveText('Task log')
  const table = page.getByTestId('tasks-table')
  const goodRow = table.getByRole('row').filter({ hasText: good })
  const doomedRow = table.getByRole('row').filter({ hasText: doomed })
  await expect(goodRow).toHaveCount(1)
  await expect(goodRow.getByText('Success', { exact: true })).toBeVisible()
  await expect(goodRow.getByText('Generate music')).toBeVisible()
  await expect(goodRow.getByText('Suno', { exact: true })).toBeVisible()
  await expect(goodRow.getByTestId('task-channel')).toHaveText(String(channelId))
  await expect(doomedRow.getByText('Failed', { exact: true })).toBeVisible()
  await doomedRow.getByTestId('task-fail-reason').click()
  await expect(page.getByTestId('task-reason-dialog')).toContainText('The prompt was refused by the e2e content policy')
  await page.keyboard.press('Escape')
  await goodRow.getByTestId('task-id').click()
  const dialog = page.getByTestId('task-record-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('task-record-json')).toContainText(`"task_id": "${good}"`)
  await expect(dialog.getByTestId('task-record-json')).toContainText('https://cdn.example/e2e.mp3')
  await page.keyboard.press('Escape')

  // The task ID filter narrows the list to one row.
  await page.getByTestId('task-filter-task_id').fill(doomed)
  await page.getByTestId('task-filter-submit').click()
  await expect(page).toHaveURL(new RegExp(`task_id=${doomed}`))
  await expect(table.getByTestId('task-id')).toHaveCount(1)
  await expect(table.getByTestId('task-id')).toHaveText(doomed)
})
