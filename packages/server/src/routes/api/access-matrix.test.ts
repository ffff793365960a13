import { Role, USER_ID_HEADER } from '@gateway/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../../test/harness.ts'
import { translate } from '../../i18n/messages.ts'
import type { Access } from '../../middleware/auth.ts'

const forbidden = translate('auth.forbidden', 'zh')

/**
 * Walks every /api route the app registers (and the health probes beside them), with no login, a
 * user, an admin and the root, and checks each answer against the route's declared access level.
 * A route without a declared level fails the test, so a new route cannot ship unclassified.
 */
let h: Harness
const accounts = { user: { id: 0, name: '' }, admin: { id: 0, name: '' }, root: { id: 0, name: 'root' } }

beforeAll(async () => {
  h = await createHarness()
  accounts.root.id = (await h.setupRoot()).id
  const user = await h.createUser(Role.user)
  const admin = await h.createUser(Role.admin)
  accounts.user = { id: user.id, name: user.username }
  accounts.admin = { id: admin.id, name: admin.username }
})
afterAll(async () => {
  await h.close()
})

/** Outside /api but classified all the same: the probes load balancers call. */
const PROBES = ['/healthz', '/readyz']

function apiRoutes(): { method: string; path: string; access: Access | undefined }[] {
  const found = new Map<string, { method: string; path: string; access: Access | undefined }>()
  for (const route of h.app.routes) {
    if (
      !(route.path.startsWith('/api/') || PROBES.includes(route.path)) ||
      route.method === 'ALL' ||
      route.path.includes('*')
    )
      continue
    const key = `${route.method} ${route.path}`
    const entry = found.get(key) ?? { method: route.method, path: route.path, access: undefined }
    const tag = (route.handler as { access?: Access }).access
    if (tag) entry.access = tag
    found.set(key, entry)
  }
  return [...found.values()]
}

type Identity = 'anonymous' | 'user' | 'admin' | 'root'
type Allowed = Record<Identity, boolean>

const rootOnly: Allowed = { anonymous: false, user: false, admin: false, root: true }
const adminUp: Allowed = { anonymous: false, user: false, admin: true, root: true }

/** With AdminChannelWriteEnabled off (the default), 'channel-write' is the root's alone. */
const allowedFor: Record<Access, Allowed> = {
  public: { anonymous: true, user: true, admin: true, root: true },
  user: { anonymous: false, user: true, admin: true, root: true },
  admin: adminUp,
  root: rootOnly,
  'channel-write': rootOnly,
}

describe('access matrix', () => {
  it('classifies every /api route', () => {
    const routes = apiRoutes()
    expect(routes.length).toBeGreaterThan(15)
    expect(routes.filter((r) => !r.access).map((r) => `${r.method} ${r.path}`)).toEqual([])
    expect(routes.filter((r) => PROBES.includes(r.path)).map((r) => `${r.method} ${r.path} ${r.access}`)).toEqual([
      'GET /healthz public',
      'GET /readyz public',
    ])
  })

  it('answers each identity as its access level says', async () => {
    expect(await walk(apiRoutes(), allowedFor)).toEqual([])
  }, 60_000) // over a hundred routes times four identities

  it('opens the channel-write routes to admins, and only those, while AdminChannelWriteEnabled is on', async () => {
    const routes = apiRoutes().filter((route) => route.access === 'channel-write')
    expect(routes.length).toBeGreaterThanOrEqual(10)
    await h.services.options.set('AdminChannelWriteEnabled', 'true')
    try {
      expect(await walk(routes, { ...allowedFor, 'channel-write': adminUp })).toEqual([])
    } finally {
      await h.services.options.set('AdminChannelWriteEnabled', 'false')
    }
  }, 30_000)
})

/** Calls every route as every identity; answers the calls whose outcome contradicts `allowed`. */
async function walk(routes: ReturnType<typeof apiRoutes>, allowed: Record<Access, Allowed>): Promise<string[]> {
  const failures: string[] = []
  const cookies = new Map<string, string>()
  // A live session per identity; logout, password and delete routes end theirs, and only then
  // does the walk sign in again (a bcrypt check each time, so not for every call).
  const sessionOf = async (identity: 'user' | 'admin' | 'root') => {
    const account = accounts[identity]
    await h.services.db.updateTable('users').set({ deleted_at: null }).where('id', '=', account.id).execute()
    const known = cookies.get(identity)
    if (
      known &&
      (await h.request('GET', '/api/user/self', { headers: { cookie: known, [USER_ID_HEADER]: String(account.id) } }))
        .status === 200
    )
      return known
    const cookie = (await h.login(account.name, identity === 'root' ? 'rootpassword' : 'password123')).cookie
    cookies.set(identity, cookie)
    return cookie
  }
  for (const route of routes) {
    for (const identity of ['anonymous', 'user', 'admin', 'root'] as const) {
      const headers: Record<string, string> = {}
      if (identity !== 'anonymous') {
        headers.cookie = await sessionOf(identity)
        headers[USER_ID_HEADER] = String(accounts[identity].id)
      }
      const path = route.path.replace(/:(\w+)/g, '1')
      const body = route.method === 'GET' ? undefined : {}
      const response = await h.request(route.method, path, { body, headers })
      // Only an authorisation refusal counts: an allowed call may still be refused for business
      // reasons (root deleting itself: 200 with code DENIED), which says nothing about access.
      const denied = response.status === 401 || (response.status === 403 && response.json?.message === forbidden)
      const expectedAllowed = allowed[route.access as Access][identity]
      if (expectedAllowed && denied)
        failures.push(`${route.method} ${route.path} as ${identity}: ${response.status} ${response.text}`)
      if (!expectedAllowed && !denied)
        failures.push(`${route.method} ${route.path} as ${identity}: expected 401/403, got ${response.status}`)
      if (!expectedAllowed) expect(response.json?.success).toBe(false)
      if (!expectedAllowed && identity === 'anonymous')
        expect(response.status, `${route.method} ${route.path}`).toBe(401)
    }
  }
  return failures
}
