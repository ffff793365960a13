import { Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const setOption = (key: string, value: string) => h.request('PUT', '/api/option/', { as: root, body: { key, value } })
const register = (body: Record<string, unknown>, language = 'en') =>
  h.request('POST', '/api/user/register', {
    body: { password2: body.password, ...body },
    headers: { 'accept-language': language },
  })

describe('POST /api/user/register', () => {
  it('creates a user with the new-user quota and a system log', async () => {
    await setOption('QuotaForNewUser', '5000')
    const response = await register({ username: 'alice', password: 'password123' })
    expect(response.json?.success).toBe(true)
    const { cookie, id } = await h.login('alice', 'password123')
    const self = await h.request('GET', '/api/user/self', { headers: { cookie, 'New-Api-User': String(id) } })
    expect(self.json?.data).toMatchObject({
      username: 'alice',
      display_name: 'alice',
      role: 1,
      status: 1,
      quota: 5000,
      group: 'default',
    })
    expect(self.json?.data.aff_code).toMatch(/^[A-Za-z0-9]{8}$/)
    const logs = await h.services.logDb.selectFrom('logs').selectAll().where('user_id', '=', id).execute()
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ type: 4, username: 'alice' })
  })

  it('answers the spec validation messages and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'bob', password: 'short' }, 'Password length must not be under 8'],
      [{ username: 'bob', password: 'password123', password2: 'password456' }, 'The two passwords differ'],
      [{ username: '', password: 'password123' }, 'Username is required'],
      [{ username: 'a-very-long-username', password: 'password123' }, 'Username must be at most 12 characters'],
      [{ username: 'bob', password: 'p'.repeat(21) }, 'Password must be at most 20 characters'],
    ]
    for (const [body, message] of cases) {
      const response = await register(body)
      expectRefused(response, 'BAD_REQUEST')
      expect(response.json?.message).toBe(message)
    }
    expect((await register({ username: 'bob', password: 'short' }, 'zh-CN')).json?.message).toBe(
      '密码长度不得小于 8 位'
    )
    const count = await h.services.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('refuses taken and cancelled usernames', async () => {
    expect((await register({ username: 'carol', password: 'password123' })).json?.success).toBe(true)
    const again = await register({ username: 'carol', password: 'password123' })
    expectRefused(again, 'CONFLICT')
    expect(again.json?.message).toBe('The username is taken or was cancelled')
    const { cookie, id } = await h.login('carol', 'password123')
    await h.request('DELETE', '/api/user/self', { headers: { cookie, 'New-Api-User': String(id) } })
    expectRefused(await register({ username: 'carol', password: 'password123' }), 'CONFLICT')
  })

  it('pays invite rewards to both sides', async () => {
    await setOption('QuotaForNewUser', '100')
    await setOption('QuotaForInvitee', '20')
    await setOption('QuotaForInviter', '30')
    const inviter = await h.createUser()
    const inviterRow = await h.services.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow()
    await register({ username: 'dave', password: 'password123', aff_code: inviterRow.aff_code })
    const dave = await h.services.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'dave')
      .executeTakeFirstOrThrow()
    expect(dave).toMatchObject({ quota: 120, inviter_id: inviter.id })
    const after = await h.services.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow()
    expect(after).toMatchObject({ aff_count: 1, aff_quota: 30, aff_history: 30, quota: inviterRow.quota })
  })

  it('counts every invite when many register at once', async () => {
    await setOption('QuotaForInviter', '7')
    const inviter = await h.createUser()
    const { aff_code } = await h.services.db
      .selectFrom('users')
      .select('aff_code')
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow()
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => register({ username: `inv${i}`, password: 'password123', aff_code }))
    )
    expect(results.every((r) => r.json?.success)).toBe(true)
    const after = await h.services.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow()
    expect(after).toMatchObject({ aff_count: 8, aff_quota: 56, aff_history: 56 })
  })

  it('lets only one of several racers take a name', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => register({ username: 'race', password: 'password123' }))
    )
    expect(results.filter((r) => r.json?.success)).toHaveLength(1)
    expect(results.filter((r) => r.status === 200 && r.json?.code === 'CONFLICT')).toHaveLength(5)
  })

  it('obeys the registration switches', async () => {
    await setOption('RegisterEnabled', 'false')
    const closed = await register({ username: 'erin', password: 'password123' })
    expectRefused(closed, 'DENIED')
    expect(closed.json?.message).toBe('Registration is closed by the administrator')
    await setOption('RegisterEnabled', 'true')
    await setOption('PasswordRegisterEnabled', 'false')
    expectRefused(await register({ username: 'erin', password: 'password123' }), 'DENIED')
  })

  it('requires a valid email code when verification is on', async () => {
    await setOption('EmailVerificationEnabled', 'true')
    expect((await register({ username: 'fay', password: 'password123' })).json?.message).toBe(
      'Email verification is on: enter your email and the verification code'
    )
    expect(
      (await register({ username: 'fay', password: 'password123', email: 'fay@x.io', verification_code: '000000' }))
        .json?.message
    ).toBe('Wrong or expired verification code')
    const code = await h.services.verificationCodes.issue('register', 'fay@x.io')
    expect(
      (await register({ username: 'fay', password: 'password123', email: 'Fay@x.io', verification_code: code })).json
        ?.success
    ).toBe(true)
    const fay = await h.services.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'fay')
      .executeTakeFirstOrThrow()
    expect(fay.email).toBe('fay@x.io')
  })

  it('refuses writes sent from another site', async () => {
    const foreign = await h.request('POST', '/api/user/register', {
      body: { username: 'mallory', password: 'password123' },
      headers: { origin: 'https://evil.example', host: 'gateway.example' },
    })
    expect(foreign.status).toBe(403)
    const own = await h.request('POST', '/api/user/register', {
      body: { username: 'mallory', password: 'password123' },
      headers: { origin: 'https://gateway.example', host: 'gateway.example' },
    })
    expect(own.json?.success).toBe(true)
  })

  it('accepts only JSON bodies', async () => {
    const form = await h.request('POST', '/api/user/register', {
      body: 'username=x&password=password123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expectRefused(form, 'BAD_REQUEST')
    const broken = await h.request('POST', '/api/user/register', { body: '{"username":' })
    expectRefused(broken, 'BAD_REQUEST')
  })
})

describe('POST /api/user/login', () => {
  it('signs in by username or email with an HttpOnly, SameSite cookie', async () => {
    await h.services.db.updateTable('users').set({ email: 'root@example.com' }).where('id', '=', root.id).execute()
    const response = await h.request('POST', '/api/user/login', {
      body: { username: 'root@example.com', password: 'rootpassword' },
    })
    const { user: own, ...signedIn } = response.json?.data ?? {}
    expect(signedIn).toEqual({
      id: root.id,
      username: 'root',
      display_name: 'Root User',
      role: 100,
      status: 1,
      group: 'default',
    })
    // The own account as GET /api/user/self answers it, where the reference's console reads it after signing in.
    expect(own).toMatchObject({ id: root.id, username: 'root', password: '', permissions: { sidebar_settings: false } })
    expect(own).not.toHaveProperty('access_token')
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^session=/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
  })

  it('gives one answer for unknown users, wrong passwords and banned users', async () => {
    const user = await h.createUser()
    await h.services.db.updateTable('users').set({ status: 2 }).where('id', '=', user.id).execute()
    const answers = await Promise.all([
      h.request('POST', '/api/user/login', { body: { username: 'nobody', password: 'password123' } }),
      h.request('POST', '/api/user/login', { body: { username: 'root', password: 'wrongpassword' } }),
      h.request('POST', '/api/user/login', { body: { username: user.username, password: user.password } }),
    ])
    for (const answer of answers) {
      expectRefused(answer, 'DENIED')
      expect(answer.json?.message).toBe('用户名或密码错误，或用户已被封禁')
      expect(answer.headers.get('set-cookie')).toBeNull()
    }
  })

  it('requires both fields', async () => {
    const response = await h.request('POST', '/api/user/login', {
      body: { username: '', password: '' },
      headers: { 'accept-language': 'en' },
    })
    expect(response.json?.message).toBe('Please enter username and password')
  })

  it('stops a guesser after ten failures on one account, whatever the IP', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await h.request('POST', '/api/user/login', { body: { username: 'root', password: `guess${i}xxx` } })
      expectRefused(r, 'DENIED')
    }
    const blocked = await h.request('POST', '/api/user/login', { body: { username: 'root', password: 'rootpassword' } })
    expect(blocked.status).toBe(429)
  })

  it('obeys PasswordLoginEnabled', async () => {
    await setOption('PasswordLoginEnabled', 'false')
    expectRefused(
      await h.request('POST', '/api/user/login', { body: { username: 'root', password: 'rootpassword' } }),
      'DENIED'
    )
  })
})

describe('sessions', () => {
  it('ends at logout: the old cookie no longer works', async () => {
    const user = await h.createUser()
    expect((await h.request('GET', '/api/user/self', { as: user })).status).toBe(200)
    await h.request('GET', '/api/user/logout', { as: user })
    const replay = await h.request('GET', '/api/user/self', { as: user })
    expect(replay.status).toBe(401)
    expect(replay.json?.code).toBe('UNAUTHORIZED')
  })

  it('requires the New-Api-User header to match', async () => {
    const user = await h.createUser()
    const missing = await h.request('GET', '/api/user/self', { headers: { cookie: user.cookie } })
    expect(missing.status).toBe(401)
    const malformed = await h.request('GET', '/api/user/self', { as: user, headers: { 'New-Api-User': 'abc' } })
    expect(malformed.status).toBe(401)
    const other = await h.request('GET', '/api/user/self', { as: user, headers: { 'New-Api-User': String(root.id) } })
    expect(other.status).toBe(401)
  })

  it('rejects a forged cookie', async () => {
    const user = await h.createUser()
    const forged = user.cookie.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'))
    expect(
      (await h.request('GET', '/api/user/self', { headers: { cookie: forged, 'New-Api-User': String(user.id) } }))
        .status
    ).toBe(401)
  })

  it('reads role and status from the database on every request', async () => {
    const admin = await h.createUser(Role.admin)
    expect((await h.request('GET', '/api/group/', { as: admin })).status).toBe(200)
    await h.services.db.updateTable('users').set({ role: Role.user }).where('id', '=', admin.id).execute()
    expect((await h.request('GET', '/api/group/', { as: admin })).status).toBe(403)
    await h.services.db.updateTable('users').set({ status: 2 }).where('id', '=', admin.id).execute()
    const banned = await h.request('GET', '/api/user/self', { as: admin })
    expect(banned.status).toBe(403)
    expect(banned.json?.message).toBe('用户已被封禁')
  })
})

describe('access tokens', () => {
  it('authenticate instead of the cookie, and only the newest one works', async () => {
    const user = await h.createUser()
    const first = (await h.request('GET', '/api/user/token', { as: user })).json?.data as string
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/)
    const withToken = (token: string) =>
      h.request('GET', '/api/user/self', {
        headers: { authorization: `Bearer ${token}`, 'New-Api-User': String(user.id) },
      })
    expect((await withToken(first)).json?.data.username).toBe(user.username)
    const second = (await h.request('GET', '/api/user/token', { as: user })).json?.data as string
    expect((await withToken(first)).status).toBe(401)
    expect((await withToken(second)).status).toBe(200)
    const row = await h.services.db
      .selectFrom('users')
      .select('access_token')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.access_token).not.toBe(second)
  })
})

describe('the own account', () => {
  it('never exposes the password hash', async () => {
    const user = await h.createUser()
    const response = await h.request('GET', '/api/user/self', { as: user })
    expect(response.json?.data.password).toBe('')
    expect(response.text).not.toContain('$2')
    expect(response.json?.data).not.toHaveProperty('access_token')
  })

  it('updates the display name and refuses a taken username', async () => {
    const user = await h.createUser()
    expect((await h.request('PUT', '/api/user/self', { as: user, body: { display_name: 'Zoë' } })).json?.success).toBe(
      true
    )
    expect((await h.request('GET', '/api/user/self', { as: user })).json?.data.display_name).toBe('Zoë')
    const taken = await h.request('PUT', '/api/user/self', { as: user, body: { username: 'root' } })
    expectRefused(taken, 'CONFLICT')
  })

  it('changes the password and ends the other sessions', async () => {
    const user = await h.createUser()
    const other = { ...user, cookie: (await h.login(user.username, user.password)).cookie }
    const wrong = await h.request('PUT', '/api/user/self', {
      as: user,
      body: { password: 'newpassword1', original_password: 'nope' },
    })
    expectRefused(wrong, 'DENIED')
    const change = { password: 'newpassword1', original_password: user.password }
    expect((await h.request('PUT', '/api/user/self', { as: user, body: change })).json?.success).toBe(true)
    expect((await h.request('GET', '/api/user/self', { as: user })).status).toBe(200)
    expect((await h.request('GET', '/api/user/self', { as: other })).status).toBe(401)
    await h.login(user.username, 'newpassword1')
  })

  it('deletes itself softly; root cannot', async () => {
    const user = await h.createUser()
    expect((await h.request('DELETE', '/api/user/self', { as: user })).json?.success).toBe(true)
    expect((await h.request('GET', '/api/user/self', { as: user })).status).toBe(401)
    const row = await h.services.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.deleted_at).not.toBeNull()
    const rootDelete = await h.request('DELETE', '/api/user/self', { as: root })
    expectRefused(rootDelete, 'DENIED')
  })

  it('hands out a stable invite code', async () => {
    const user = await h.createUser()
    const a = (await h.request('GET', '/api/user/aff', { as: user })).json?.data
    const b = (await h.request('GET', '/api/user/aff', { as: user })).json?.data
    expect(a).toBe(b)
    expect(a).toBeTruthy()
  })
})

describe('groups and models', () => {
  it('lists usable groups with ratio and description', async () => {
    await setOption('GroupRatio', '{"default":1,"vip":0.8,"svip":0.5,"team":2}')
    const user = await h.createUser(Role.user, { group: 'team' })
    const response = await h.request('GET', '/api/user/self/groups', { as: user, headers: { 'accept-language': 'en' } })
    expect(response.json?.data).toEqual({
      default: { ratio: 1, desc: '默认分组' },
      vip: { ratio: 0.8, desc: 'vip分组' },
      team: { ratio: 2, desc: 'Your group' },
    })
    const anonymous = await h.request('GET', '/api/user/groups')
    expect(Object.keys(anonymous.json?.data)).toEqual(['default', 'vip'])
  })

  it('lists the models of enabled abilities in usable groups', async () => {
    const user = await h.createUser()
    await h.services.db
      .insertInto('abilities')
      .values([
        { group: 'default', model: 'gpt-4o', channel_id: 1, enabled: true },
        { group: 'default', model: 'gpt-4o', channel_id: 2, enabled: true },
        { group: 'vip', model: 'claude-3-5-sonnet-20241022', channel_id: 1, enabled: true },
        { group: 'default', model: 'disabled-model', channel_id: 3, enabled: false },
        { group: 'hidden', model: 'secret-model', channel_id: 4, enabled: true },
      ])
      .execute()
    const response = await h.request('GET', '/api/user/models', { as: user })
    expect(response.json?.data).toEqual(['claude-3-5-sonnet-20241022', 'gpt-4o'])
  })
})
