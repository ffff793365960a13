import { Role, type LoginSession } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { nowSeconds } from '../../lib/time.ts'
import { resetTokensOf } from '../../services/auth/password-reset.ts'
import { purgeDeadSessions } from '../../services/sessions/sessions.ts'

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** A second sign-in of the same user, as another browser would make it. */
async function signInAgain(user: TestUser, userAgent = FIREFOX_LINUX): Promise<TestUser> {
  const response = await h.request('POST', '/api/user/login', {
    body: { username: user.username, password: user.password },
    headers: { 'user-agent': userAgent },
  })
  expect(response.json?.success, response.text).toBe(true)
  return { ...user, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] as string }
}

const sessionsOf = async (user: TestUser) =>
  (await h.request('GET', '/api/user/sessions', { as: user })).json?.data as LoginSession[]
const signedIn = async (user: TestUser) => (await h.request('GET', '/api/user/self', { as: user })).status === 200
const storedSessions = (userId: number) =>
  h.services.db
    .selectFrom('sessions')
    .select(['id', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .execute()
const setLastSeen = (userId: number, lastSeenAt: number) =>
  h.services.db.updateTable('sessions').set({ last_seen_at: lastSeenAt }).where('user_id', '=', userId).execute()

/** Generates a console access token and answers whether it is still accepted. */
async function accessTokenOf(user: TestUser): Promise<() => Promise<boolean>> {
  const token = (await h.request('POST', '/api/user/token', { as: user })).json?.data as string
  expect(token).toMatch(/^[A-Za-z0-9]{32}$/)
  const works = async () =>
    (
      await h.request('GET', '/api/user/self', {
        headers: { authorization: `Bearer ${token}`, 'New-Api-User': String(user.id) },
      })
    ).status === 200
  expect(await works()).toBe(true)
  return works
}

describe('GET /api/user/sessions', () => {
  it('lists every live session of the caller, its own marked, with device and times but never the stored key', async () => {
    const user = await h.createUser()
    const other = await signInAgain(user)
    await h.createUser() // someone else's sessions are not listed
    const sessions = await sessionsOf(user)
    expect(sessions).toHaveLength(2)
    const stored = await storedSessions(user.id)
    const current = sessions.find((s) => s.current)
    const firefox = sessions.find((s) => !s.current)
    expect(sessions.filter((s) => s.current)).toHaveLength(1)
    expect(firefox).toMatchObject({ browser: 'Firefox 128', os: 'Linux', current: false })
    expect(current).toMatchObject({ browser: '', os: '', current: true })
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{16}$/)
      const row = stored.find((r) => r.created_at === session.created_at && r.last_seen_at === session.last_seen_at)
      expect(row).toBeDefined()
      expect(session.ip).toBe(row?.ip)
    }
    const text = JSON.stringify(sessions)
    for (const row of stored) expect(text).not.toContain(row.id.slice(0, 16))
    // The other browser sees the same two, with itself as the current one.
    const fromOther = await sessionsOf(other)
    expect(fromOther.find((s) => s.current)?.id).toBe(firefox?.id)
  })

  it('leaves out sessions past their lifetime or idle past the timeout', async () => {
    const user = await h.createUser()
    const current = await storedSessions(user.id)
    await signInAgain(user)
    await signInAgain(user)
    const [expired, idle] = (await storedSessions(user.id)).filter((row) => row.id !== current[0]!.id)
    await h.services.db
      .updateTable('sessions')
      .set({ expires_at: nowSeconds() - 1 })
      .where('id', '=', expired!.id)
      .execute()
    await h.services.db
      .updateTable('sessions')
      .set({ last_seen_at: nowSeconds() - 10080 * 60 - 120 })
      .where('id', '=', idle!.id)
      .execute()
    expect((await sessionsOf(user)).map((s) => s.current)).toEqual([true])
  })
})

describe('DELETE /api/user/sessions/:sid', () => {
  it('ends one of the caller’s own sessions', async () => {
    const user = await h.createUser()
    const other = await signInAgain(user)
    const target = (await sessionsOf(user)).find((s) => !s.current)!
    const response = await h.request('DELETE', `/api/user/sessions/${target.id}`, { as: user })
    expect(response.json?.success, response.text).toBe(true)
    expect(await signedIn(other)).toBe(false)
    expect(await signedIn(user)).toBe(true)
    expect((await sessionsOf(user)).map((s) => s.current)).toEqual([true])
    expectRefused(await h.request('DELETE', `/api/user/sessions/${target.id}`, { as: user }), 'NOT_FOUND')
  })

  it('answers not found for another user’s session and ends nothing', async () => {
    const alice = await h.createUser()
    const bob = await h.createUser()
    const bobsSession = (await sessionsOf(bob))[0]!
    for (const sid of [bobsSession.id, 'nonexistent', (await storedSessions(bob.id))[0]!.id]) {
      const response = await h.request('DELETE', `/api/user/sessions/${sid}`, { as: alice })
      expectRefused(response, 'NOT_FOUND', sid)
      expect(response.json).toMatchObject({ success: false, code: 'NOT_FOUND', message: '登录会话不存在或已结束' })
    }
    expect(await signedIn(bob)).toBe(true)
    expect(await signedIn(alice)).toBe(true)
  })
})

describe('POST /api/user/sessions/revoke-others', () => {
  it('ends every other session and the access token, and keeps this one', async () => {
    const user = await h.createUser()
    const others = [await signInAgain(user), await signInAgain(user)]
    const bystander = await h.createUser()
    const tokenWorks = await accessTokenOf(user)
    const response = await h.request('POST', '/api/user/sessions/revoke-others', { as: user })
    expect(response.json).toMatchObject({ success: true, data: { revoked: 2 } })
    for (const other of others) expect(await signedIn(other)).toBe(false)
    expect(await tokenWorks()).toBe(false)
    expect(await signedIn(user)).toBe(true)
    expect(await signedIn(bystander)).toBe(true)
    expect(await sessionsOf(user)).toHaveLength(1)
  })
})

describe('the console access token ends', () => {
  it('with a password change, which keeps the session that made it', async () => {
    const user = await h.createUser()
    const other = await signInAgain(user)
    const tokenWorks = await accessTokenOf(user)
    const changed = await h.request('PUT', '/api/user/self', {
      as: user,
      body: { password: 'newpassword1', original_password: user.password },
    })
    expect(changed.json?.success, changed.text).toBe(true)
    expect(await tokenWorks()).toBe(false)
    expect(await signedIn(other)).toBe(false)
    expect(await signedIn(user)).toBe(true)
  })

  it('with a password reset', async () => {
    const user = await h.createUser()
    await h.services.db.updateTable('users').set({ email: 'reset@example.com' }).where('id', '=', user.id).execute()
    const tokenWorks = await accessTokenOf(user)
    const token = await resetTokensOf(h.services).issue('reset@example.com')
    const reset = await h.request('POST', '/api/user/reset', { body: { email: 'reset@example.com', token } })
    expect(reset.json?.success, reset.text).toBe(true)
    expect(await tokenWorks()).toBe(false)
    expect(await signedIn(user)).toBe(false)
  })

  it('when an admin sets the password, and not on other admin edits', async () => {
    const user = await h.createUser()
    const tokenWorks = await accessTokenOf(user)
    const edit = (body: Record<string, unknown>) =>
      h.request('PUT', '/api/user/', { as: root, body: { id: user.id, username: user.username, ...body } })
    expect((await edit({ display_name: 'Renamed' })).json?.success).toBe(true)
    expect(await tokenWorks()).toBe(true)
    const set = await edit({ password: 'adminset123' })
    expect(set.json?.success, set.text).toBe(true)
    expect(await tokenWorks()).toBe(false)
    expect(await signedIn(user)).toBe(false)
  })
})

describe('session activity', () => {
  it('refuses and deletes a session idle past SessionIdleTimeoutMinutes', async () => {
    const user = await h.createUser()
    const other = await signInAgain(user)
    expect(h.services.options.number('SessionIdleTimeoutMinutes')).toBe(10080)
    // A week idle is within the minute last_seen_at may lag; a week and two minutes is not.
    await setLastSeen(user.id, nowSeconds() - 10080 * 60)
    expect(await signedIn(user)).toBe(true)
    await setLastSeen(user.id, nowSeconds() - 10080 * 60 - 120)
    const refused = await h.request('GET', '/api/user/self', { as: user })
    expect(refused.status).toBe(401)
    expect(refused.json?.code).toBe('UNAUTHORIZED')
    expect(await storedSessions(user.id)).toHaveLength(1)
    expect(await signedIn(other)).toBe(false)
    expect(await storedSessions(user.id)).toHaveLength(0)
  })

  it('follows the option, and 0 turns the idle timeout off', async () => {
    const user = await h.createUser()
    expect(
      (await h.request('PUT', '/api/option/', { as: root, body: { key: 'SessionIdleTimeoutMinutes', value: '-1' } }))
        .json?.success
    ).toBe(false)
    expect(
      (await h.request('PUT', '/api/option/', { as: root, body: { key: 'SessionIdleTimeoutMinutes', value: '0' } }))
        .json?.success
    ).toBe(true)
    await setLastSeen(user.id, nowSeconds() - 29 * 24 * 3600)
    expect(await signedIn(user)).toBe(true)
    expect(
      (await h.request('PUT', '/api/option/', { as: root, body: { key: 'SessionIdleTimeoutMinutes', value: '30' } }))
        .json?.success
    ).toBe(true)
    await setLastSeen(user.id, nowSeconds() - 25 * 60)
    expect(await signedIn(user)).toBe(true)
    await setLastSeen(user.id, nowSeconds() - 32 * 60)
    expect(await signedIn(user)).toBe(false)
  })

  it('writes last_seen_at at most once a minute', async () => {
    const user = await h.createUser()
    const lastSeen = async () => (await storedSessions(user.id))[0]!.last_seen_at
    const signedInAt = await lastSeen()
    expect(signedInAt).toBeGreaterThanOrEqual(nowSeconds() - 5)
    const recent = nowSeconds() - 50
    await setLastSeen(user.id, recent)
    for (let i = 0; i < 5; i++) expect(await signedIn(user)).toBe(true)
    expect(await lastSeen()).toBe(recent)
    await setLastSeen(user.id, nowSeconds() - 61)
    const before = nowSeconds()
    expect(await signedIn(user)).toBe(true)
    expect(await lastSeen()).toBeGreaterThanOrEqual(before)
  })

  it('are purged when expired or idle', async () => {
    const active = await h.createUser()
    const idle = await h.createUser()
    const expired = await h.createUser()
    await setLastSeen(idle.id, nowSeconds() - 10080 * 60 - 120)
    await h.services.db
      .updateTable('sessions')
      .set({ expires_at: nowSeconds() })
      .where('user_id', '=', expired.id)
      .execute()
    expect(await purgeDeadSessions(h.services.db, h.services.options)).toBe(2)
    expect(await storedSessions(active.id)).toHaveLength(1)
    expect(await storedSessions(idle.id)).toHaveLength(0)
    expect(await storedSessions(expired.id)).toHaveLength(0)
  })
})

describe('POST forms of the spec’s GET calls', () => {
  it('POST /api/user/logout and /api/user/auth/logout end the session, as GET does', async () => {
    const user = await h.createUser()
    for (const path of ['/api/user/logout', '/api/user/auth/logout']) {
      const session = await signInAgain(user)
      const response = await h.request('POST', path, { as: session })
      expect(response.json?.success, response.text).toBe(true)
      expect(response.headers.get('set-cookie')).toMatch(/^session=;/)
      expect(await signedIn(session)).toBe(false)
    }
    await h.request('GET', '/api/user/logout', { as: user })
    expect(await signedIn(user)).toBe(false)
  })

  it('POST /api/user/token replaces the access token, as GET does', async () => {
    const admin = await h.createUser(Role.admin)
    const first = await accessTokenOf(admin)
    const second = await accessTokenOf(admin)
    expect(await first()).toBe(false)
    expect(await second()).toBe(true)
    expect((await h.request('GET', '/api/user/token', { as: admin })).json?.data).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(await second()).toBe(false)
  })

  it('refuses a cross-site logout', async () => {
    const user = await h.createUser()
    const response = await h.request('POST', '/api/user/logout', {
      as: user,
      headers: { origin: 'https://evil.example.com' },
    })
    expect(response.json?.success).toBe(false)
    expect(await signedIn(user)).toBe(true)
  })
})
