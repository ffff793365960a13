import { Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { insertTask, type NewTask } from '../../db/queries/tasks.ts'

/** A fresh database (migrations on MariaDB or PostgreSQL) can take longer than vitest's 10 s hook default on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000

let h: Harness
let admin: TestUser
let alice: TestUser
let bob: TestUser
const day = 1_700_000_000

harnessPerTest(
  async (made) => {
    h = made
    await h.setupRoot()
    admin = await h.createUser(Role.admin)
    alice = await h.createUser()
    bob = await h.createUser()
  },
  {},
  HOOK_TIMEOUT_MS
)

let counter = 0
const task = (user: TestUser, fields: Partial<NewTask> = {}): NewTask => ({
  created_at: day,
  updated_at: day,
  task_id: `task-${++counter}`,
  platform: 'suno',
  user_id: user.id,
  channel_id: 7,
  quota: 50_000,
  action: 'MUSIC',
  status: 'SUCCESS',
  progress: '100%',
  submit_time: day,
  finish_time: day + 30,
  data: JSON.stringify([{ audio_url: 'https://cdn.example/a.mp3' }]),
  properties: JSON.stringify({ input: 'x', token_id: 1 }),
  ...fields,
})
const insert = async (rows: NewTask[]) => {
  for (const row of rows) await insertTask(h.services.db, h.services.dialect, row)
}
const page = async (user: TestUser, path: string) => {
  const response = await h.request('GET', path, { as: user })
  expect(response.json?.success, response.text).toBe(true)
  return response.json?.data as { items: Record<string, unknown>[]; total: number; page: number; page_size: number }
}
const list = async (user: TestUser, path: string) => (await page(user, path)).items
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.task_id)

describe('GET /api/task/ and /api/task/self', () => {
  it('needs a session; the full list needs an admin', async () => {
    expect((await h.request('GET', '/api/task/self')).status).toBe(401)
    expect((await h.request('GET', '/api/task/')).status).toBe(401)
    const forbidden = await h.request('GET', '/api/task/', { as: alice })
    expect(forbidden.json?.success).toBe(false)
    expect(forbidden.status).toBe(403)
  })

  it('shows users their own records without the channel, the payload as JSON', async () => {
    await insert([
      task(alice, { task_id: 'a1' }),
      task(bob, { task_id: 'b1' }),
      task(alice, { task_id: 'a2', status: 'FAILURE', fail_reason: 'policy' }),
    ])
    const own = await list(alice, '/api/task/self')
    expect(ids(own)).toEqual(['a2', 'a1'])
    for (const row of own) {
      expect(row.user_id).toBe(alice.id)
      // the reference's field is there, the channel is not told
      expect(row.channel_id).toBe(0)
    }
    expect(own[0]).toMatchObject({
      task_id: 'a2',
      platform: 'suno',
      action: 'MUSIC',
      status: 'FAILURE',
      fail_reason: 'policy',
      progress: '100%',
      submit_time: day,
      finish_time: day + 30,
    })
    expect(own[1]?.data).toEqual([{ audio_url: 'https://cdn.example/a.mp3' }])
    // A channel filter from a user is ignored rather than used to probe.
    expect(ids(await list(alice, '/api/task/self?channel_id=999'))).toEqual(['a2', 'a1'])
    // A task id of someone else finds nothing.
    expect(await list(alice, '/api/task/self?task_id=b1')).toEqual([])
  })

  it('lets admins filter every record by channel, task id, platform, status, action and submit time', async () => {
    await insert([
      task(alice, { task_id: 'x1', channel_id: 1, submit_time: day }),
      task(bob, {
        task_id: 'x2',
        channel_id: 2,
        submit_time: day + 100,
        action: 'LYRICS',
        status: 'IN_PROGRESS',
        progress: '30%',
      }),
      task(bob, { task_id: 'x3', channel_id: 2, submit_time: day + 200, platform: 'mj' }),
    ])
    const all = await list(admin, '/api/task/')
    expect(ids(all)).toEqual(['x3', 'x2', 'x1'])
    expect(all[0]).toHaveProperty('channel_id', 2)
    expect(ids(await list(admin, '/api/task/?channel_id=2'))).toEqual(['x3', 'x2'])
    expect(ids(await list(admin, '/api/task/?task_id=x1'))).toEqual(['x1'])
    expect(ids(await list(admin, '/api/task/?platform=suno'))).toEqual(['x2', 'x1'])
    expect(ids(await list(admin, '/api/task/?status=IN_PROGRESS'))).toEqual(['x2'])
    expect(ids(await list(admin, '/api/task/?action=LYRICS'))).toEqual(['x2'])
    expect(ids(await list(admin, `/api/task/?start_timestamp=${day + 50}&end_timestamp=${day + 150}`))).toEqual(['x2'])
    // Empty parameters (as forms send them) mean no filter.
    expect(ids(await list(admin, '/api/task/?channel_id=&task_id=&start_timestamp=&end_timestamp=&p='))).toEqual([
      'x3',
      'x2',
      'x1',
    ])
  })

  it('pages as the reference: 1-based p, 10 rows by default, page_size up to 100, with the total', async () => {
    await insert(Array.from({ length: 23 }, (_, i) => task(alice, { task_id: `p${String(i).padStart(2, '0')}` })))
    await insert([task(bob, { task_id: 'bob' })])
    const first = await page(alice, '/api/task/self?p=1')
    expect(first).toMatchObject({ total: 23, page: 1, page_size: 10 })
    expect(first.items).toHaveLength(10)
    expect(first.items[0]?.task_id).toBe('p22')
    expect(ids(await list(alice, '/api/task/self?p=3'))).toEqual(['p02', 'p01', 'p00'])
    expect(await page(alice, '/api/task/self?p=4')).toMatchObject({ items: [], total: 23, page: 4 })
    expect(await list(alice, '/api/task/self?p=1&page_size=20')).toHaveLength(20)
    expect(ids(await list(alice, '/api/task/self?p=2&page_size=20'))).toEqual(['p02', 'p01', 'p00'])
    expect(await page(admin, '/api/task/?page_size=101&task_id=bob')).toMatchObject({
      total: 1,
      page: 1,
      page_size: 100,
    })
    // A page below 1 or not a number is the first, as the reference reads it.
    for (const query of ['p=0', 'p=-1', 'p=abc'])
      expect((await page(alice, `/api/task/self?${query}`)).items[0]?.task_id, query).toBe('p22')
  })

  it('refuses malformed filters with a clear message', async () => {
    for (const query of ['channel_id=1.5', 'start_timestamp=x', `task_id=${'x'.repeat(51)}`]) {
      const response = await h.request('GET', `/api/task/?${query}`, {
        as: admin,
        headers: { 'accept-language': 'en' },
      })
      expectRefused(response, 'BAD_REQUEST', query)
      expect(response.json?.message, query).toMatch(/The query parameter \w+ is invalid/)
    }
    const zh = await h.request('GET', '/api/task/self?end_timestamp=x', { as: alice })
    expect(zh.json?.message).toBe('查询参数 end_timestamp 不合法')
  })
})
