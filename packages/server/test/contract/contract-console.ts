import { afterAll, beforeAll, expect } from 'vitest'
import { z } from 'zod'
import { createHarness, type Harness, type TestUser } from '../harness.ts'
import { startJsonUpstream, type JsonUpstream } from '../json-upstream.ts'
import * as ref from './reference-shapes.ts'
import { seedConsoleData, type ConsoleData } from './seed-console-data.ts'

/**
 * The console the contract files call: a JSON upstream, a harness and a console seeded with data on
 * every page (useContractConsole), and the check of one case against the reference's shape.
 */

export type Role = 'anonymous' | 'user' | 'admin' | 'root'

export interface ContractCase {
  /** method and path as the reference's router names them */
  route: string
  as: Role
  /** calls as this account instead of the role's usual one */
  asUser?: (d: ConsoleData) => TestUser
  /** the path to call (with ids and query); the route's own path when absent */
  path?: (d: ConsoleData) => string
  body?: (d: ConsoleData) => unknown
  headers?: (d: ConsoleData) => Record<string, string>
  shape: z.ZodType
  /** a paged list: also asks for page 2 of size 2 and checks the page it gets */
  paged?: boolean
  /** what else the answer must hold beyond its shape */
  check?: (json: any, d: ConsoleData) => void
}

export let upstream: JsonUpstream
export let h: Harness
export let data: ConsoleData

const HOOK_TIMEOUT_MS = 60_000

/** Registers the hooks that start the upstream and seed one console for the calling test file. */
export function useContractConsole(): void {
  beforeAll(async () => {
    upstream = await startJsonUpstream()
    upstream.routes.set('/v1/chat/completions', [
      200,
      {
        id: 'c1',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    ])
    upstream.routes.set('/v1/models', [200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] }])
    upstream.routes.set('/v1/dashboard/billing/subscription', [
      200,
      { object: 'billing_subscription', hard_limit_usd: 100 },
    ])
    upstream.routes.set('/v1/dashboard/billing/usage', [200, { object: 'list', total_usage: 2550 }])
    h = await createHarness()
    data = await seedConsoleData(h, upstream.url)
  }, HOOK_TIMEOUT_MS)
  afterAll(async () => {
    await h?.close()
    await upstream?.stop()
  }, HOOK_TIMEOUT_MS)
}

export const caller = (role: Role): TestUser | undefined =>
  role === 'anonymous' ? undefined : role === 'user' ? data.alice : role === 'admin' ? data.admin : data.root

export const routePath = (route: string) => route.split(' ')[1] as string

/** The shape's complaints as `path: message` lines, so that a failure names every missing or mistyped field. */
export function shapeIssues(shape: z.ZodType, json: unknown): string[] {
  const parsed = shape.safeParse(json)
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
}

export async function call(c: ContractCase) {
  const [method] = c.route.split(' ') as [string]
  return h.request(method, c.path ? c.path(data) : routePath(c.route), {
    as: c.asUser?.(data) ?? caller(c.as),
    body: c.body?.(data),
    headers: c.headers?.(data),
  })
}

export async function expectContract(c: ContractCase) {
  const response = await call(c)
  expect(response.status, response.text.slice(0, 300)).toBe(200)
  expect(shapeIssues(c.shape, response.json), response.text.slice(0, 600)).toEqual([])
  c.check?.(response.json, data)
  if (c.paged) await expectPaging(c)
}

/** Page 2 of size 2 answers page 2, size 2, at most 2 items and the whole count (1-based `p`). */
export async function expectPaging(c: ContractCase) {
  const base = c.path ? c.path(data) : routePath(c.route)
  const first = await h.request('GET', `${base}${base.includes('?') ? '&' : '?'}p=1&page_size=2`, { as: caller(c.as) })
  const second = await h.request('GET', `${base}${base.includes('?') ? '&' : '?'}p=2&page_size=2`, { as: caller(c.as) })
  expect(first.json?.data, first.text.slice(0, 300)).toMatchObject({ page: 1, page_size: 2 })
  expect(second.json?.data, second.text.slice(0, 300)).toMatchObject({ page: 2, page_size: 2 })
  const total = first.json?.data.total as number
  expect(total, 'the seeded console has more than two rows on this list').toBeGreaterThan(2)
  expect(first.json?.data.items).toHaveLength(2)
  expect(second.json?.data.items.length).toBe(Math.min(2, total - 2))
  const ids = (page: any) => page.json.data.items.map((item: { id: number }) => item.id)
  expect(
    ids(second).some((id: number) => ids(first).includes(id)),
    'page 2 repeats page 1'
  ).toBe(false)
}

export const withNotice = ref.success(z.string())

/**
 * Fields the reference keeps in columns that the take-over migrations are adding right now (users
 * created_at and last_login_at, tokens cross_group_retry, channels channel_info and settings,
 * quota_data per group, token, channel and node). The cases below check everything else; the
 * whole shapes are in the block after them.
 */
export const user = ref.userShape.omit({ created_at: true, last_login_at: true })
export const token = ref.tokenShape.omit({ cross_group_retry: true })
export const channel = ref.channelShape.omit({ channel_info: true, settings: true })
export const quotaData = ref.quotaDataShape.omit({ use_group: true, token_id: true, channel_id: true, node_name: true })
