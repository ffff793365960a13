import { Role, USER_ID_HEADER, UserStatus } from '@gateway/shared'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, expectRefused, type Harness, type TestUser } from '../../../test/harness.ts'
import { SoftAuthenticator, type Bend } from '../../../test/soft-authenticator.ts'

let h: Harness
let root: TestUser
beforeEach(async () => {
  h = await createHarness()
  root = await h.setupRoot()
})
afterEach(async () => {
  await h.close()
})

const en = { 'accept-language': 'en' }

/** Runs begin and finish of a registration through the routes; `bend` alters the authenticator's answer. */
async function register(
  user: TestUser,
  authenticator: SoftAuthenticator,
  options: { name?: string; bend?: Bend } = {}
) {
  const begin = await h.request('POST', '/api/user/passkey/register/begin', { as: user, body: {} })
  expect(begin.status).toBe(200)
  const response = authenticator.register(begin.json?.data.options.publicKey, options.bend)
  return h.request('POST', '/api/user/passkey/register/finish', {
    as: user,
    body: { ...response, name: options.name },
    headers: { ...en, 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0 Safari/537.36' },
  })
}

async function beginSignIn() {
  const begin = await h.request('POST', '/api/user/passkey/login/begin', { body: {} })
  expect(begin.status).toBe(200)
  return begin.json?.data.options.publicKey as { challenge: string; rpId: string }
}

const finishSignIn = (body: unknown) => h.request('POST', '/api/user/passkey/login/finish', { body, headers: en })

async function signIn(authenticator: SoftAuthenticator, bend: Bend = {}) {
  return finishSignIn(authenticator.authenticate(await beginSignIn(), bend))
}

const list = async (user: TestUser) => (await h.request('GET', '/api/user/passkey', { as: user })).json?.data

describe('passkey registration and management', () => {
  it('registers named passkeys, lists them without keys, renames and deletes them', async () => {
    const user = await h.createUser()
    const phone = new SoftAuthenticator()
    const laptop = new SoftAuthenticator()
    const first = await register(user, phone, { name: 'My phone' })
    expect(first.json).toMatchObject({ success: true, message: 'Passkey added' })
    // Without a name the passkey is named after the device the browser runs on.
    expect((await register(user, laptop)).json?.success).toBe(true)

    const status = await list(user)
    expect(status.enabled).toBe(true)
    expect(status.last_used_at).toBe(null)
    expect(status.passkeys.map((p: { name: string }) => p.name)).toEqual(['Passkey on macOS', 'My phone'])
    expect(Object.keys(status.passkeys[0]).sort()).toEqual(['backup_state', 'created_at', 'id', 'last_used_at', 'name'])
    expect(Math.abs(status.passkeys[0].created_at - Date.now() / 1000)).toBeLessThan(60)
    expect(status.passkeys[0].backup_state).toBe(false)

    // Stored as the reference stores them: standard base64 credential id, user and counter.
    const rows = await h.services.db.selectFrom('passkey_credentials').selectAll().orderBy('id').execute()
    expect(
      rows.map((r) => [r.user_id, r.credential_id, Number(r.sign_count), r.attestation_type, r.transports])
    ).toEqual([
      [user.id, phone.credentials[0]?.id.toString('base64'), 0, 'none', '["internal"]'],
      [user.id, laptop.credentials[0]?.id.toString('base64'), 0, 'none', '["internal"]'],
    ])

    const phoneId = status.passkeys[1].id
    const renamed = await h.request('PUT', `/api/user/passkey/${phoneId}`, {
      as: user,
      body: { name: '  Work phone ' },
    })
    expect(renamed.json?.success).toBe(true)
    expect((await list(user)).passkeys[1].name).toBe('Work phone')
    const blank = await h.request('PUT', `/api/user/passkey/${phoneId}`, {
      as: user,
      body: { name: '  ' },
      headers: en,
    })
    expectRefused(blank, 'BAD_REQUEST')
    expect(blank.json?.message).toBe('Enter a name for the passkey')

    const deleted = await h.request('DELETE', `/api/user/passkey/${phoneId}`, { as: user, headers: en })
    expect(deleted.json).toMatchObject({ success: true, message: 'Passkey deleted' })
    expect((await list(user)).passkeys.map((p: { name: string }) => p.name)).toEqual(['Passkey on macOS'])

    const all = await h.request('DELETE', '/api/user/passkey', { as: user })
    expect(all.json?.success).toBe(true)
    expect(await list(user)).toEqual({ enabled: false, last_used_at: null, passkeys: [] })
  })

  it('offers a discoverable, user-verified credential for this site and excludes the ones already held', async () => {
    const user = await h.createUser()
    await register(user, new SoftAuthenticator())
    const begin = await h.request('POST', '/api/user/passkey/register/begin', {
      as: user,
      body: {},
      headers: { 'x-forwarded-host': 'evil.example' },
    })
    const options = begin.json?.data.options.publicKey
    // No trusted proxy is configured, so the forwarded host is not believed.
    expect(options.rp).toEqual({ name: 'New API', id: 'localhost' })
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(String(user.id))
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    expect(options.timeout).toBe(300_000)
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-8, -7, -257])
    expect(options.excludeCredentials).toHaveLength(1)
  })

  it("refuses a registration made for another origin or RP ID, or answering another user's challenge", async () => {
    const user = await h.createUser()
    const other = await h.createUser()
    const wrongOrigin = await register(user, new SoftAuthenticator(), { bend: { origin: 'https://evil.example' } })
    expectRefused(wrongOrigin, 'BAD_REQUEST')
    expect(wrongOrigin.json?.message).toBe('The passkey could not be verified; please try again')
    const wrongRp = await register(user, new SoftAuthenticator(), { bend: { rpId: 'evil.example' } })
    expectRefused(wrongRp, 'BAD_REQUEST')
    expect(wrongRp.json?.message).toBe('The passkey could not be verified; please try again')
    const unverified = await register(user, new SoftAuthenticator(), { bend: { unverified: true } })
    expectRefused(unverified, 'BAD_REQUEST')

    const begin = await h.request('POST', '/api/user/passkey/register/begin', { as: other, body: {} })
    const stolen = new SoftAuthenticator().register(begin.json?.data.options.publicKey)
    const answer = await h.request('POST', '/api/user/passkey/register/finish', { as: user, body: stolen, headers: en })
    expectRefused(answer, 'BAD_REQUEST')
    expect(answer.json?.message).toBe('The passkey request has expired or was already used; please try again')
    expect(await h.services.db.selectFrom('passkey_credentials').select('id').execute()).toEqual([])
  })

  it("answers not found for another user's passkey and leaves it alone", async () => {
    const owner = await h.createUser()
    const intruder = await h.createUser()
    await register(owner, new SoftAuthenticator(), { name: 'Mine' })
    const id = (await list(owner)).passkeys[0].id
    const deleted = await h.request('DELETE', `/api/user/passkey/${id}`, { as: intruder, headers: en })
    expectRefused(deleted, 'NOT_FOUND')
    expect(deleted.json?.message).toBe('Passkey not found')
    const renamed = await h.request('PUT', `/api/user/passkey/${id}`, {
      as: intruder,
      body: { name: 'Yours' },
      headers: en,
    })
    expectRefused(renamed, 'NOT_FOUND')
    await h.request('DELETE', '/api/user/passkey', { as: intruder })
    expect((await list(owner)).passkeys.map((p: { name: string }) => p.name)).toEqual(['Mine'])
  })
})

describe('sign-in with a passkey', () => {
  it('signs in with no username or password and records the use', async () => {
    const user = await h.createUser()
    const authenticator = new SoftAuthenticator()
    await register(user, authenticator)
    const answer = await signIn(authenticator)
    expect(answer.status).toBe(200)
    expect(answer.json?.data).toEqual({
      id: user.id,
      username: user.username,
      display_name: user.username,
      role: Role.user,
      status: UserStatus.enabled,
      group: 'default',
    })
    const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] as string
    const self = await h.request('GET', '/api/user/self', { headers: { cookie, [USER_ID_HEADER]: String(user.id) } })
    expect([self.status, self.json?.data.username]).toEqual([200, user.username])

    const row = await h.services.db.selectFrom('passkey_credentials').select(['sign_count']).executeTakeFirstOrThrow()
    expect(Number(row.sign_count)).toBe(1)
    const status = await list(user)
    expect(Math.abs(status.passkeys[0].last_used_at - Date.now() / 1000)).toBeLessThan(60)
    expect(status.last_used_at).toBe(status.passkeys[0].last_used_at)
  })

  it('refuses a response for another origin or RP ID', async () => {
    const user = await h.createUser()
    const authenticator = new SoftAuthenticator()
    await register(user, authenticator)
    for (const bend of [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:8080' },
      { rpId: 'evil.example' },
    ]) {
      const answer = await signIn(authenticator, bend)
      expectRefused(answer, 'DENIED')
      expect([answer.json?.message, answer.headers.get('set-cookie')]).toEqual([
        'The passkey could not be verified; please try again',
        null,
      ])
    }
  })

  it('refuses a replayed response and an expired challenge', async () => {
    const user = await h.createUser()
    const authenticator = new SoftAuthenticator()
    await register(user, authenticator)
    const response = authenticator.authenticate(await beginSignIn())
    expect((await finishSignIn(response)).status).toBe(200)
    const replay = await finishSignIn(response)
    expectRefused(replay, 'BAD_REQUEST')
    expect(replay.json?.message).toBe('The passkey request has expired or was already used; please try again')

    const options = await beginSignIn()
    await h.services.db
      .updateTable('passkey_challenges')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .execute()
    const late = await finishSignIn(authenticator.authenticate(options))
    expectRefused(late, 'BAD_REQUEST')
    expect(late.json?.message).toBe('The passkey request has expired or was already used; please try again')
    // A challenge the server never issued is refused the same way.
    const invented = await finishSignIn(authenticator.authenticate({ challenge: 'aW52ZW50ZWQ', rpId: 'localhost' }))
    expectRefused(invented, 'BAD_REQUEST')
  })

  it('refuses a counter that does not move forward', async () => {
    const user = await h.createUser()
    const authenticator = new SoftAuthenticator()
    await register(user, authenticator)
    expect((await signIn(authenticator, { counter: 5 })).status).toBe(200)
    const backwards = await signIn(authenticator, { counter: 3 })
    expectRefused(backwards, 'DENIED')
    expect(backwards.json?.message).toBe('The passkey could not be verified; please try again')
    expectRefused(await signIn(authenticator, { counter: 5 }), 'DENIED')
    const row = await h.services.db.selectFrom('passkey_credentials').select('sign_count').executeTakeFirstOrThrow()
    expect(Number(row.sign_count)).toBe(5)
    expect((await signIn(authenticator, { counter: 6 })).status).toBe(200)
  })

  it('refuses a banned or cancelled user, an unknown credential and a mismatched user handle', async () => {
    const user = await h.createUser()
    const authenticator = new SoftAuthenticator()
    await register(user, authenticator)
    await h.services.db.updateTable('users').set({ status: UserStatus.disabled }).where('id', '=', user.id).execute()
    const banned = await signIn(authenticator)
    expectRefused(banned, 'DENIED')
    expect([banned.json?.message, banned.headers.get('set-cookie')]).toEqual(['This user is banned', null])

    await h.services.db
      .updateTable('users')
      .set({ status: UserStatus.enabled, deleted_at: new Date() })
      .where('id', '=', user.id)
      .execute()
    const cancelled = await signIn(authenticator)
    expectRefused(cancelled, 'DENIED')
    expect(cancelled.json?.message).toBe('No account is registered for this passkey')
    await h.services.db.updateTable('users').set({ deleted_at: null }).where('id', '=', user.id).execute()

    const stranger = new SoftAuthenticator()
    stranger.register({ challenge: 'eA', rp: { id: 'localhost' }, user: { id: 'MQ' } })
    expect((await signIn(stranger)).json?.message).toBe('No account is registered for this passkey')

    const credential = authenticator.credentials[0]
    if (!credential) throw new Error('no credential')
    credential.userHandle = Buffer.from(String(root.id)).toString('base64url')
    expect((await signIn(authenticator)).json?.message).toBe('No account is registered for this passkey')
  })
})

describe('DELETE /api/user/:id/reset_passkey', () => {
  it('lets an admin reset a user below them, never an equal, higher or the root', async () => {
    const admin = await h.createUser(Role.admin)
    const otherAdmin = await h.createUser(Role.admin)
    const user = await h.createUser()
    for (const account of [user, otherAdmin, root]) await register(account, new SoftAuthenticator())
    const reset = (actor: TestUser, target: TestUser) =>
      h.request('DELETE', `/api/user/${target.id}/reset_passkey`, { as: actor, headers: en })

    expect((await reset(admin, user)).json).toMatchObject({ success: true, message: 'Passkeys reset' })
    expect((await list(user)).enabled).toBe(false)
    const again = await reset(admin, user)
    expectRefused(again, 'NOT_FOUND')
    expect(again.json?.message).toBe('This user has no passkey')
    expect((await reset(admin, otherAdmin)).json?.message).toBe('You cannot change a user of the same or a higher role')
    expect((await reset(admin, root)).json?.message).toBe("You cannot reset the root user's passkeys")
    expect((await list(otherAdmin)).enabled).toBe(true)
    expect((await list(root)).enabled).toBe(true)
    expect((await reset(root, otherAdmin)).json?.success).toBe(true)
    expect((await reset(user, otherAdmin)).status).toBe(403)
  })
})

describe('behind a trusted proxy', () => {
  it("takes the origin and RP ID from the proxy's forwarded headers", async () => {
    const proxied = await createHarness({ env: { TRUSTED_PROXIES: '127.0.0.1' } })
    try {
      await proxied.request('POST', '/api/setup', {
        body: { username: 'root', password: 'rootpassword', confirmPassword: 'rootpassword' },
      })
      const user = await proxied.createUser()
      // The Origin check of writes compares with the forwarded host, as a browser behind the proxy sends it.
      const headers = {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'console.example.com',
        origin: 'https://console.example.com',
      }
      const begin = await proxied.request('POST', '/api/user/passkey/register/begin', { as: user, body: {}, headers })
      expect(begin.json?.data.options.publicKey.rp.id).toBe('console.example.com')
      const authenticator = new SoftAuthenticator({
        origin: 'https://console.example.com',
        rpId: 'console.example.com',
      })
      const finish = await proxied.request('POST', '/api/user/passkey/register/finish', {
        as: user,
        body: authenticator.register(begin.json?.data.options.publicKey),
        headers,
      })
      expect(finish.json?.success).toBe(true)
    } finally {
      await proxied.close()
    }
  })
})
