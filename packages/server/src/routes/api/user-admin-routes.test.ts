import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { LogType, Role, UserStatus } from '@gateway/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { addChannel, addToken } from '../../../test/relay-fixtures.ts'
import { updateUserByAdmin } from '../../db/queries/users.ts'
import { translate, type MessageKey } from '../../i18n/messages.ts'

let mock: MockUpstream
let h: Harness
let root: TestUser
let admin: TestUser
let otherAdmin: TestUser
let user: TestUser

beforeAll(async () => {
  mock = await startMockUpstream()
})
afterAll(async () => {
  await mock.stop()
})
harnessPerTest(
  async (made) => {
    h = made
    root = await h.setupRoot()
    admin = await h.createUser(Role.admin)
    otherAdmin = await h.createUser(Role.admin)
    user = await h.createUser(Role.user, { quota: 1_000_000 })
    // A fresh database and four bcrypt sign-ins per test: slow on a busy PostgreSQL or MariaDB server.
  },
  {},
  60_000
)

const zh = (key: MessageKey) => translate(key, 'zh')
const api = (as: TestUser, method: string, path: string, body?: unknown) => h.request(method, path, { as, body })
const manage = (as: TestUser, id: number, action: string) => api(as, 'POST', '/api/user/manage', { id, action })
const row = (id: number) => h.services.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const manageLogs = () =>
  h.services.logDb.selectFrom('logs').selectAll().where('type', '=', LogType.manage).orderBy('id').execute()

describe('GET /api/user/ and /api/user/search', () => {
  it('pages every account newest first, cancelled ones included, and filters by group', async () => {
    await h.services.db.updateTable('users').set({ group: 'vip' }).where('id', '=', user.id).execute()
    await manage(admin, (await h.createUser(Role.user)).id, 'delete')
    const all = await api(admin, 'GET', '/api/user/?p=1&page_size=2')
    expect(all.json?.success).toBe(true)
    expect(all.json?.data.total).toBe(5)
    expect(all.json?.data.page_size).toBe(2)
    expect(all.json?.data.items).toHaveLength(2)
    expect(all.json?.data.items[0].DeletedAt).toBeGreaterThan(0)
    expect(all.json?.data.items[0].id).toBeGreaterThan(all.json?.data.items[1].id)
    const last = await api(admin, 'GET', '/api/user/?p=3&page_size=2')
    expect(last.json?.data.items.map((u: { id: number }) => u.id)).toEqual([root.id])
    for (const item of last.json?.data.items ?? []) {
      expect(item.password).toBe('')
      expect(item).not.toHaveProperty('access_token')
    }
    const vip = await api(admin, 'GET', '/api/user/?group=vip')
    expect(vip.json?.data.items.map((u: { id: number }) => u.id)).toEqual([user.id])
  })

  it('matches part of the username, display name or email literally, an exact id, and a group', async () => {
    await h.services.db
      .updateTable('users')
      .set({ display_name: 'Alice_Smith', email: 'alice@example.com', group: 'vip' })
      .where('id', '=', user.id)
      .execute()
    const ids = async (query: string) =>
      (await api(admin, 'GET', `/api/user/search?${query}`)).json?.data.items.map((u: { id: number }) => u.id)
    expect(await ids('keyword=lice_s')).toEqual([user.id])
    expect(await ids('keyword=EXAMPLE.COM')).toEqual([user.id])
    expect(await ids('keyword=%25')).toEqual([])
    // a number is also an exact id (and still a text match, as in the reference)
    expect(await ids(`keyword=${root.id}`)).toContain(root.id)
    expect(await ids(`keyword=${user.id}`)).toContain(user.id)
    expect(await ids('keyword=alice&group=default')).toEqual([])
    expect(await ids('keyword=alice&group=vip')).toEqual([user.id])
    expect(await ids('group=vip')).toEqual([user.id])
    // u1_10, u2_10, u3_1 by name and the root by its display name 'Root User' (case-insensitive)
    expect((await api(admin, 'GET', '/api/user/search?keyword=u&p=2&page_size=1')).json?.data).toMatchObject({
      total: 4,
      page: 2,
    })
  })

  it('is refused to normal users', async () => {
    const response = await api(user, 'GET', '/api/user/')
    expect(response.status).toBe(403)
    expect(response.json?.message).toBe(zh('auth.forbidden'))
  })
})

describe('GET /api/user/:id', () => {
  it('lets an admin read users below them only, and the root anyone', async () => {
    const read = (as: TestUser, id: number) => api(as, 'GET', `/api/user/${id}`)
    const mine = await read(admin, user.id)
    expect(mine.json?.data).toMatchObject({ id: user.id, username: user.username, quota: 1_000_000, password: '' })
    for (const target of [otherAdmin, admin, root]) {
      const refused = await read(admin, target.id)
      expectRefused(refused, 'DENIED')
      expect(refused.json?.message).toBe(zh('users.cannot_read_higher'))
    }
    for (const target of [user, admin, root]) expect((await read(root, target.id)).json?.data.id).toBe(target.id)
    expectRefused(await read(admin, 99_999), 'NOT_FOUND')
    expect((await read(user, user.id)).json?.message).toBe(zh('auth.forbidden'))
  })

  it('never shadows the fixed paths of /api/user', async () => {
    const self = await api(user, 'GET', '/api/user/self')
    expect(self.json?.data).toMatchObject({ id: user.id, username: user.username })
    expect((await api(user, 'GET', '/api/user/aff')).json?.data).toMatch(/^\w+$/)
    expect((await api(user, 'GET', '/api/user/models')).json?.success).toBe(true)
    expect((await api(user, 'GET', '/api/user/self/groups')).json?.success).toBe(true)
    expect((await h.request('GET', '/api/user/groups')).json?.success).toBe(true)
    expect((await api(user, 'GET', '/api/user/token')).json?.data).toMatch(/^\w{32}$/)
    // No route has these paths: the unknown-path answer, 404 as the reference gives it.
    for (const method of ['GET', 'DELETE'])
      expect((await api(admin, method, '/api/user/nothing-here')).json).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
      })
    expect((await api(admin, 'GET', '/api/user/nothing-here')).status).toBe(404)
    // DELETE /self is the own account, not the admin's hard delete.
    expect((await api(user, 'DELETE', '/api/user/self')).json?.success).toBe(true)
    expect((await row(user.id)).deleted_at).not.toBeNull()
  })
})

describe('POST /api/user/', () => {
  it('creates a normal user with the new-user quota; only the root can create an admin', async () => {
    await h.services.options.set('QuotaForNewUser', '500')
    const created = await api(admin, 'POST', '/api/user/', {
      username: 'bob',
      password: 'password123',
      display_name: 'Bob',
    })
    expect(created.json?.success, created.text).toBe(true)
    const bob = await h.services.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'bob')
      .executeTakeFirstOrThrow()
    expect(bob).toMatchObject({ display_name: 'Bob', role: Role.user, status: UserStatus.enabled, quota: 500 })
    expect(bob.password).not.toBe('password123')
    await h.login('bob', 'password123')

    const noName = await api(admin, 'POST', '/api/user/', { username: 'carol', password: 'password123' })
    expect(noName.json?.success).toBe(true)
    expect(
      (
        await h.services.db
          .selectFrom('users')
          .select('display_name')
          .where('username', '=', 'carol')
          .executeTakeFirstOrThrow()
      ).display_name
    ).toBe('carol')

    const adminByAdmin = await api(admin, 'POST', '/api/user/', {
      username: 'dave',
      password: 'password123',
      role: Role.admin,
    })
    expectRefused(adminByAdmin, 'DENIED')
    expect(adminByAdmin.json?.message).toBe(zh('users.cannot_create_higher'))
    const rootByRoot = await api(root, 'POST', '/api/user/', {
      username: 'dave',
      password: 'password123',
      role: Role.root,
    })
    expect(rootByRoot.json?.success).toBe(false)
    const adminByRoot = await api(root, 'POST', '/api/user/', {
      username: 'dave',
      password: 'password123',
      role: Role.admin,
    })
    expect(adminByRoot.json?.success).toBe(true)
    expect(
      (await h.services.db.selectFrom('users').select('role').where('username', '=', 'dave').executeTakeFirstOrThrow())
        .role
    ).toBe(Role.admin)
  })

  it('refuses empty or taken names and bad passwords, in the caller language', async () => {
    const post = (body: unknown, language = 'zh') =>
      h.request('POST', '/api/user/', { as: admin, body, headers: { 'accept-language': language } })
    expect((await post({ username: '', password: 'password123' })).json?.message).toBe(zh('user.username_required'))
    expect((await post({ username: 'x', password: '' }, 'en')).json?.message).toBe(
      translate('user.password_too_short', 'en')
    )
    expect((await post({ username: 'x', password: 'short' })).json?.message).toBe(zh('user.password_too_short'))
    expect((await post({ username: user.username, password: 'password123' })).json?.message).toBe(
      zh('user.username_taken')
    )
    expect((await post({ username: 'abcdefghijklm', password: 'password123' })).json?.message).toBe(
      zh('user.username_too_long')
    )
  })
})

describe('POST /api/user/manage', () => {
  type Who = 'user' | 'admin' | 'otherAdmin' | 'root'
  const who = (name: Who) => ({ user, admin, otherAdmin, root })[name]
  const cases: [actor: Who, target: Who, action: string, expected: MessageKey | { role: number; status: number }][] = [
    ['user', 'user', 'disable', 'auth.forbidden'],
    ['user', 'admin', 'promote', 'auth.forbidden'],
    ['admin', 'user', 'disable', { role: Role.user, status: UserStatus.disabled }],
    ['admin', 'user', 'enable', { role: Role.user, status: UserStatus.enabled }],
    ['admin', 'user', 'promote', 'users.admin_cannot_promote'],
    ['admin', 'user', 'demote', 'users.already_common'],
    ['admin', 'user', 'delete', { role: Role.user, status: UserStatus.enabled }],
    ...(['promote', 'demote', 'enable', 'disable', 'delete'] as const).flatMap((action) =>
      (['otherAdmin', 'admin', 'root'] as const).map(
        (target) => ['admin', target, action, 'users.cannot_update_higher'] as [Who, Who, string, MessageKey]
      )
    ),
    ['root', 'user', 'promote', { role: Role.admin, status: UserStatus.enabled }],
    ['root', 'user', 'disable', { role: Role.user, status: UserStatus.disabled }],
    ['root', 'admin', 'promote', 'users.already_admin'],
    ['root', 'admin', 'demote', { role: Role.user, status: UserStatus.enabled }],
    ['root', 'admin', 'disable', { role: Role.admin, status: UserStatus.disabled }],
    ['root', 'admin', 'delete', { role: Role.admin, status: UserStatus.enabled }],
    ['root', 'root', 'disable', 'users.cannot_disable_root'],
    ['root', 'root', 'delete', 'users.cannot_delete_root'],
    ['root', 'root', 'demote', 'users.cannot_demote_root'],
    ['root', 'root', 'promote', 'users.already_admin'],
    ['root', 'root', 'enable', { role: Role.root, status: UserStatus.enabled }],
  ]

  it.each(cases)('%s → %s: %s', async (actor, target, action, expected) => {
    const targetUser = who(target)
    const before = await row(targetUser.id)
    const response = await manage(who(actor), targetUser.id, action)
    if (typeof expected === 'string') {
      expect(response.json?.success).toBe(false)
      expect(response.json?.message).toBe(zh(expected))
      expect(await row(targetUser.id)).toEqual(before)
      return
    }
    expect(response.json?.success, response.text).toBe(true)
    expect(response.json?.data).toEqual(expected)
    const after = await row(targetUser.id)
    expect({ role: after.role, status: after.status }).toEqual(expected)
    expect(after.deleted_at !== null).toBe(action === 'delete')
  })

  it('never enables status 3, and offers nothing on a cancelled account', async () => {
    await h.services.db.updateTable('users').set({ status: UserStatus.special }).where('id', '=', user.id).execute()
    expect((await manage(admin, user.id, 'enable')).json?.message).toBe(zh('users.cannot_enable_special'))
    expect((await row(user.id)).status).toBe(UserStatus.special)
    expect((await manage(admin, user.id, 'delete')).json?.success).toBe(true)
    for (const action of ['enable', 'disable', 'promote', 'demote', 'delete']) {
      const response = await manage(root, user.id, action)
      expectRefused(response, 'CONFLICT')
      expect(response.json?.message).toBe(zh('users.cancelled'))
    }
    const edit = await api(root, 'PUT', '/api/user/', { id: user.id, username: user.username, quota: 5 })
    expect(edit.json?.message).toBe(zh('users.cancelled'))
  })

  it('refuses unknown actions and ids', async () => {
    expect((await manage(admin, user.id, 'explode')).json?.message).toBe(zh('users.invalid_action'))
    expectRefused(await manage(admin, 99_999, 'disable'), 'NOT_FOUND')
  })

  it('lets exactly one of 20 racing deletes win', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => manage(admin, user.id, 'delete')))
    expect(results.filter((r) => r.json?.success)).toHaveLength(1)
    expect(results.filter((r) => !r.json?.success).every((r) => r.json?.message === zh('users.cancelled'))).toBe(true)
  })
})

describe('immediate effect', () => {
  const chat = (key: string) =>
    h.request('POST', '/v1/chat/completions', {
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 },
      headers: { authorization: `Bearer ${key}` },
    })
  const selfStatus = async (as: TestUser) => (await api(as, 'GET', '/api/user/self')).status

  it('a disabled user loses sessions and relay tokens at once, and an enabled one gets the tokens back', async () => {
    await addChannel(h, { baseUrl: mock.url, models: 'gpt-4o-mini' })
    const { key } = await addToken(h, user.id)
    expect((await chat(key)).status).toBe(200) // now cached by the relay
    expect(await selfStatus(user)).toBe(200)
    expect((await manage(admin, user.id, 'disable')).json?.success).toBe(true)
    expect((await chat(key)).status).toBe(403)
    expect(await selfStatus(user)).toBe(401)
    await expect(h.login(user.username, user.password)).rejects.toThrow()
    expect((await manage(admin, user.id, 'enable')).json?.success).toBe(true)
    expect((await chat(key)).status).toBe(200)
    expect((await h.login(user.username, user.password)).id).toBe(user.id)
  })

  it('a demoted admin loses admin calls on the same session; a promoted user gains them', async () => {
    expect((await api(otherAdmin, 'GET', '/api/user/')).status).toBe(200)
    await manage(root, otherAdmin.id, 'demote')
    expect((await api(otherAdmin, 'GET', '/api/user/')).json?.message).toBe(zh('auth.forbidden'))
    await manage(root, user.id, 'promote')
    expect((await api(user, 'GET', '/api/user/')).status).toBe(200)
  })

  it('a cancelled user loses sessions, access token and relay tokens', async () => {
    await addChannel(h, { baseUrl: mock.url, models: 'gpt-4o-mini' })
    const { key } = await addToken(h, user.id)
    const accessToken = (await api(user, 'GET', '/api/user/token')).json?.data as string
    expect((await chat(key)).status).toBe(200)
    expect((await manage(admin, user.id, 'delete')).json?.success).toBe(true)
    expect((await chat(key)).status).toBe(403)
    expect(await selfStatus(user)).toBe(401)
    const viaAccessToken = await h.request('GET', '/api/user/self', {
      headers: { authorization: accessToken, 'New-Api-User': String(user.id) },
    })
    expect(viaAccessToken.status).toBe(401)
    expect(await h.services.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([])
  })

  it('a group change reaches the relay at once', async () => {
    await addChannel(h, { baseUrl: mock.url, models: 'gpt-4o-mini', groups: 'default' })
    const { key } = await addToken(h, user.id)
    expect((await chat(key)).status).toBe(200)
    const moved = await api(admin, 'PUT', '/api/user/', { id: user.id, username: user.username, group: 'nowhere' })
    expect(moved.json?.success, moved.text).toBe(true)
    expect((await chat(key)).status).not.toBe(200)
  })
})

describe('PUT /api/user/', () => {
  it('edits name, display name, group and quota, and logs the quota change as a manage log in DEFAULT_LANGUAGE', async () => {
    const response = await h.request('PUT', '/api/user/', {
      as: admin,
      headers: { 'accept-language': 'en' },
      body: { id: user.id, username: 'renamed', display_name: 'Renamed', group: 'vip', quota: 1_500_000, password: '' },
    })
    expect(response.json?.success, response.text).toBe(true)
    expect(await row(user.id)).toMatchObject({
      username: 'renamed',
      display_name: 'Renamed',
      group: 'vip',
      quota: 1_500_000,
    })
    const [log] = await manageLogs()
    expect(log).toMatchObject({
      user_id: user.id,
      username: 'renamed',
      type: LogType.manage,
      content: '管理员将用户额度从 $2修改为 $3',
    })
    // No quota change, no log; the password is kept when blank.
    const same = await api(admin, 'PUT', '/api/user/', {
      id: user.id,
      username: 'renamed',
      display_name: 'Renamed',
      group: 'vip',
      quota: 1_500_000,
      password: '',
    })
    expect(same.json?.success, same.text).toBe(true)
    expect(await manageLogs()).toHaveLength(1)
    expect((await h.login('renamed', user.password)).id).toBe(user.id)
  })

  it('takes a lower quota (a negative addition) but never a negative or fractional one', async () => {
    expect(
      (await api(admin, 'PUT', '/api/user/', { id: user.id, username: user.username, quota: 250_000 })).json?.success
    ).toBe(true)
    expect((await row(user.id)).quota).toBe(250_000)
    for (const quota of [-1, 1.5, '12', Number.MAX_SAFE_INTEGER + 2]) {
      const refused = await api(admin, 'PUT', '/api/user/', { id: user.id, username: user.username, quota })
      expectRefused(refused, 'BAD_REQUEST')
      expect(refused.json?.message).toBe(zh('users.quota_invalid'))
    }
    expect((await row(user.id)).quota).toBe(250_000)
    expect(await manageLogs()).toHaveLength(1)
  })

  it('never overwrites a quota that moved since it was read', async () => {
    const stale = await updateUserByAdmin(h.services.db, user.id, Role.user, {}, { from: 999, to: 5 })
    expect(stale).toBe(false)
    expect((await row(user.id)).quota).toBe(1_000_000)
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(admin, 'PUT', '/api/user/', { id: user.id, username: user.username, quota: 7 })
      )
    )
    expect(results.every((r) => r.json?.success || r.json?.message === zh('users.quota_changed'))).toBe(true)
    expect((await row(user.id)).quota).toBe(7)
    expect(await manageLogs()).toHaveLength(1)
  })

  it('applies the role guards and ends the sessions of a user whose password changed', async () => {
    for (const target of [otherAdmin, root, admin]) {
      const refused = await api(admin, 'PUT', '/api/user/', { id: target.id, username: target.username, quota: 1 })
      expect(refused.json?.message).toBe(zh('users.cannot_update_higher'))
    }
    expect(
      (await api(root, 'PUT', '/api/user/', { id: admin.id, username: admin.username, display_name: 'Boss' })).json
        ?.success
    ).toBe(true)
    expect(
      (await api(root, 'PUT', '/api/user/', { id: root.id, username: 'root', display_name: 'Root' })).json?.success
    ).toBe(true)
    expect((await api(admin, 'PUT', '/api/user/', { id: user.id, username: otherAdmin.username })).json?.message).toBe(
      zh('user.username_taken')
    )
    expect(
      (await api(admin, 'PUT', '/api/user/', { id: user.id, username: user.username, password: 'short' })).json?.message
    ).toBe(zh('user.password_too_short'))
    expect(
      (await api(admin, 'PUT', '/api/user/', { id: user.id, username: user.username, password: 'newpassword1' })).json
        ?.success
    ).toBe(true)
    expect((await api(user, 'GET', '/api/user/self')).status).toBe(401)
    expect((await h.login(user.username, 'newpassword1')).id).toBe(user.id)
  })
})

describe('DELETE /api/user/:id', () => {
  it('removes a user below the caller with tokens and sessions; never an equal or higher role', async () => {
    await addChannel(h, { baseUrl: mock.url, models: 'gpt-4o-mini' })
    const { key } = await addToken(h, user.id)
    for (const [as, target] of [
      [admin, otherAdmin],
      [admin, root],
      [root, root],
      [admin, admin],
    ] as const) {
      const refused = await api(as, 'DELETE', `/api/user/${target.id}`)
      expect(refused.json?.message).toBe(zh('users.cannot_delete_higher'))
    }
    expect((await api(admin, 'DELETE', `/api/user/${user.id}`)).json?.success).toBe(true)
    expect(await h.services.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([])
    expect(await h.services.db.selectFrom('tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([])
    expect((await api(user, 'GET', '/api/user/self')).status).toBe(401)
    expect(
      (
        await h.request('POST', '/v1/chat/completions', {
          body: { model: 'gpt-4o-mini', messages: [] },
          headers: { authorization: `Bearer ${key}` },
        })
      ).status
    ).toBe(401)
    expect((await api(root, 'DELETE', `/api/user/${admin.id}`)).json?.success).toBe(true)
  })
})
