import { createHash, createHmac } from 'node:crypto'
import { Role, USER_ID_HEADER } from '@gateway/shared'
import bcrypt from 'bcryptjs'
import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { translate } from '../../i18n/messages.ts'

let h: Harness
let root: TestUser
// A fresh database per test; on MySQL/MariaDB creating one can take longer than the default 10 s.
harnessPerTest(
  async (made) => {
    h = made
    root = await h.setupRoot()
  },
  {},
  30_000
)

const zh = (key: Parameters<typeof translate>[0]) => translate(key, 'zh')

/**
 * A code `offset` time steps away from now (the server accepts one step either way). Enrolment
 * uses the current step and later sign-ins the next one, so a step boundary passing while a test
 * runs never turns a right code into one too old.
 */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 })
const freshCode = (secret: string) => codeAt(secret, 1)

/** A six-digit code that is not the right one for now. */
async function wrongCode(secret: string): Promise<string> {
  const taken = new Set(await Promise.all([-1, 0, 1].map((offset) => codeAt(secret, offset))))
  let guess = 123456
  while (taken.has(String(guess))) guess++
  return String(guess)
}

const cookieNamed = (setCookie: string | null, name: string) => new RegExp(`${name}=[^;,]+`).exec(setCookie ?? '')?.[0]

/** Sets up and confirms TOTP for the user with the current step's code (so the next step's is still unused). */
async function enrol(user: TestUser): Promise<{ secret: string; backupCodes: string[] }> {
  const setup = await h.request('POST', '/api/user/2fa/setup', { as: user })
  expect(setup.json?.success, setup.text).toBe(true)
  const { secret, backup_codes: backupCodes } = setup.json!.data as { secret: string; backup_codes: string[] }
  const enable = await h.request('POST', '/api/user/2fa/enable', { as: user, body: { code: await codeAt(secret) } })
  expect(enable.json?.success, enable.text).toBe(true)
  // Enabling ends the other sessions; this one goes on.
  return { secret, backupCodes }
}

/** The password step; returns the pending-sign-in cookie. */
async function passwordStep(user: TestUser): Promise<string> {
  const login = await h.request('POST', '/api/user/login', {
    body: { username: user.username, password: user.password },
  })
  expect(login.json, login.text).toEqual({
    success: true,
    message: zh('two_factor.require'),
    data: { require_2fa: true },
  })
  const setCookie = login.headers.get('set-cookie')
  expect(cookieNamed(setCookie, 'session')).toBeUndefined()
  const flow = cookieNamed(setCookie, 'two_fa_login')
  expect(flow).toMatch(/^two_fa_login=/)
  expect(setCookie).toContain('HttpOnly')
  return flow as string
}

const codeStep = (flowCookie: string, code: string) =>
  h.request('POST', '/api/user/login/2fa', { headers: { cookie: flowCookie }, body: { code } })

const status = async (user: TestUser) => (await h.request('GET', '/api/user/2fa/status', { as: user })).json?.data

describe('enrolment', () => {
  it('stays off until a right code confirms it, and stores the secret encrypted and the codes hashed', async () => {
    const user = await h.createUser()
    expect(await status(user)).toEqual({ enabled: false, locked: false, required: false })

    const setup = await h.request('POST', '/api/user/2fa/setup', { as: user })
    expect(setup.json?.message).toBe(zh('two_factor.setup_started'))
    const {
      secret,
      qr_code_data: uri,
      backup_codes: codes,
    } = setup.json!.data as { secret: string; qr_code_data: string; backup_codes: string[] }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toBe(`otpauth://totp/New%20API:${user.username}?secret=${secret}&issuer=New%20API`)
    expect(codes).toHaveLength(10)
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    expect(new Set(codes).size).toBe(10)
    expect(await status(user)).toEqual({ enabled: false, locked: false, required: false })

    const stored = await h.services.db
      .selectFrom('two_fas')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(stored.secret.startsWith('enc:v1:')).toBe(true)
    expect(stored.secret).not.toContain(secret)
    const hashes = await h.services.db
      .selectFrom('two_fa_backup_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute()
    expect(hashes).toHaveLength(10)
    expect(hashes.some((row) => codes.includes(row.code_hash))).toBe(false)

    const wrong = await h.request('POST', '/api/user/2fa/enable', { as: user, body: { code: await wrongCode(secret) } })
    expectRefused(wrong, 'DENIED')
    expect(wrong.json?.message).toBe(zh('two_factor.code_invalid'))
    expect((await status(user)).enabled).toBe(false)

    const right = await h.request('POST', '/api/user/2fa/enable', { as: user, body: { code: await codeAt(secret) } })
    expect([right.status, right.json?.message]).toEqual([200, zh('two_factor.enabled')])
    expect(await status(user)).toEqual({ enabled: true, locked: false, backup_codes_remaining: 10, required: false })

    const again = await h.request('POST', '/api/user/2fa/setup', { as: user })
    expectRefused(again, 'CONFLICT')
    expect(again.json?.message).toBe(zh('two_factor.already_enabled'))
  })

  it('ends the other sessions of the account when 2FA is turned on', async () => {
    const user = await h.createUser()
    const other = await h.login(user.username, user.password)
    await enrol(user)
    expect((await h.request('GET', '/api/user/self', { as: user })).status).toBe(200)
    expect((await h.request('GET', '/api/user/self', { as: { ...user, cookie: other.cookie } })).status).toBe(401)
  })
})

describe('sign-in with the code', () => {
  it('asks for the code without a session, then signs in with a right code once', async () => {
    const user = await h.createUser()
    const { secret } = await enrol(user)
    const flow = await passwordStep(user)

    expect((await codeStep('', await freshCode(secret))).json?.message).toBe(zh('two_factor.login_expired'))
    const wrong = await codeStep(flow, await wrongCode(secret))
    expectRefused(wrong, 'DENIED')
    expect(wrong.json?.message).toBe(zh('two_factor.code_invalid'))
    expect(cookieNamed(wrong.headers.get('set-cookie'), 'session')).toBeUndefined()

    const code = await freshCode(secret)
    const right = await codeStep(flow, code)
    expect(right.json, right.text).toMatchObject({
      success: true,
      message: '',
      data: {
        id: user.id,
        username: user.username,
        display_name: user.username,
        role: Role.user,
        status: 1,
        group: 'default',
      },
    })
    // The own account also comes under `user`, where the reference's console reads it.
    expect(right.json?.data.user).toMatchObject({ id: user.id, username: user.username, quota: 0, password: '' })
    const session = cookieNamed(right.headers.get('set-cookie'), 'session') as string
    expect(
      (await h.request('GET', '/api/user/self', { headers: { cookie: session, [USER_ID_HEADER]: String(user.id) } }))
        .status
    ).toBe(200)

    // The flow is spent, and the same code is refused on a new one (same 30 s step).
    expect((await codeStep(flow, await freshCode(secret))).json?.message).toBe(zh('two_factor.login_expired'))
    const replay = await codeStep(await passwordStep(user), code)
    expectRefused(replay, 'DENIED')
    expect(replay.json?.message).toBe(zh('two_factor.code_invalid'))
  })

  it('lets only one of two parallel requests with the same code through, TOTP or backup', async () => {
    const user = await h.createUser()
    const { secret, backupCodes } = await enrol(user)
    const code = await freshCode(secret)
    const totpFlows = [await passwordStep(user), await passwordStep(user)]
    const totp = await Promise.all(totpFlows.map((flow) => codeStep(flow, code)))
    expect(totp.map((a) => [a.status, a.json?.code ?? 'ok']).sort()).toEqual([
      [200, 'DENIED'],
      [200, 'ok'],
    ])
    const backupFlows = [await passwordStep(user), await passwordStep(user)]
    const backup = await Promise.all(backupFlows.map((flow) => codeStep(flow, backupCodes[5] as string)))
    expect(backup.map((a) => [a.status, a.json?.code ?? 'ok']).sort()).toEqual([
      [200, 'DENIED'],
      [200, 'ok'],
    ])
  })

  it('accepts a backup code once, in any case and with or without its dash', async () => {
    const user = await h.createUser()
    const { backupCodes } = await enrol(user)
    const code = backupCodes[3] as string
    const first = await codeStep(await passwordStep(user), code.replace('-', '').toLowerCase())
    expect(first.json?.data?.id, first.text).toBe(user.id)
    const second = await codeStep(await passwordStep(user), code)
    expectRefused(second, 'DENIED')
    expect(second.json?.message).toBe(zh('two_factor.code_invalid'))
    expect((await status(user)).backup_codes_remaining).toBe(9)
  })

  it('locks the codes after ten wrong ones, raced in parallel, and a right code is then refused too', async () => {
    const user = await h.createUser()
    const { secret } = await enrol(user)
    const flow = await passwordStep(user)
    const wrong = await wrongCode(secret)
    const answers = await Promise.all(Array.from({ length: 14 }, () => codeStep(flow, wrong)))
    expect(answers.filter((a) => a.status === 200 && a.json?.code === 'DENIED')).toHaveLength(10)
    expect(answers.filter((a) => a.status === 429).map((a) => a.json?.message)).toEqual(
      Array(4).fill(zh('two_factor.locked'))
    )
    const right = await codeStep(flow, await freshCode(secret))
    expect([right.status, right.json?.message]).toEqual([429, zh('two_factor.locked')])
    expect((await status(user)).locked).toBe(true)
    // A right password does not clear the count.
    const again = await codeStep(await passwordStep(user), await freshCode(secret))
    expect(again.status).toBe(429)
  })

  it('voids a waiting sign-in when 2FA is turned off meanwhile', async () => {
    const user = await h.createUser()
    const { secret } = await enrol(user)
    const flow = await passwordStep(user)
    expect((await h.request('DELETE', `/api/user/${user.id}/2fa`, { as: root })).json?.success).toBe(true)
    expect((await codeStep(flow, await freshCode(secret))).json?.message).toBe(zh('two_factor.login_expired'))
    const login = await h.request('POST', '/api/user/login', {
      body: { username: user.username, password: user.password },
    })
    expect(login.json?.data?.id).toBe(user.id)
  })

  it('asks an outside-account (Telegram) sign-in for the code as well', async () => {
    const botToken = '123456:telegram-bot-token'
    await h.services.options.set('TelegramBotToken', botToken)
    await h.services.options.set('TelegramOAuthEnabled', 'true')
    const user = await h.createUser()
    await h.services.db.updateTable('users').set({ telegram_id: '777' }).where('id', '=', user.id).execute()
    const { secret } = await enrol(user)
    const fields: Record<string, string> = {
      id: '777',
      first_name: 'Tele',
      auth_date: String(Math.floor(Date.now() / 1000)),
    }
    const check = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('\n')
    const hash = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(check).digest('hex')
    const login = await h.request('GET', `/api/oauth/telegram/login?${new URLSearchParams({ ...fields, hash })}`)
    expect(login.json).toEqual({ success: true, message: zh('two_factor.require'), data: { require_2fa: true } })
    expect(cookieNamed(login.headers.get('set-cookie'), 'session')).toBeUndefined()
    const flow = cookieNamed(login.headers.get('set-cookie'), 'two_fa_login') as string
    expect((await codeStep(flow, await freshCode(secret))).json?.data?.id).toBe(user.id)
  })
})

describe('rows taken over from the reference', () => {
  it('signs in with a secret stored in the clear and a bcrypt-hashed backup code', async () => {
    const user = await h.createUser()
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const now = new Date()
    await h.services.db
      .insertInto('two_fas')
      .values({ user_id: user.id, secret, is_enabled: true, created_at: now, updated_at: now })
      .execute()
    await h.services.db
      .insertInto('two_fa_backup_codes')
      .values({ user_id: user.id, code_hash: bcrypt.hashSync('AB12-CD34', 4), is_used: false, created_at: now })
      .execute()
    expect((await codeStep(await passwordStep(user), await codeAt(secret))).json?.data?.id).toBe(user.id)
    expect((await codeStep(await passwordStep(user), 'ab12cd34')).json?.data?.id).toBe(user.id)
    expectRefused(await codeStep(await passwordStep(user), 'AB12-CD34'), 'DENIED')
  })
})

describe('managing the factor', () => {
  it('turns off with a TOTP or a backup code, not with a wrong one', async () => {
    const user = await h.createUser()
    const { secret, backupCodes } = await enrol(user)
    const wrong = await h.request('POST', '/api/user/2fa/disable', {
      as: user,
      body: { code: await wrongCode(secret) },
    })
    expectRefused(wrong, 'DENIED')
    expect(wrong.json?.message).toBe(zh('two_factor.code_invalid'))
    const off = await h.request('POST', '/api/user/2fa/disable', { as: user, body: { code: backupCodes[0] } })
    expect([off.status, off.json?.message]).toEqual([200, zh('two_factor.disabled')])
    expect(await status(user)).toEqual({ enabled: false, locked: false, required: false })
    expect(
      await h.services.db.selectFrom('two_fa_backup_codes').select('id').where('user_id', '=', user.id).execute()
    ).toEqual([])
    const login = await h.request('POST', '/api/user/login', {
      body: { username: user.username, password: user.password },
    })
    expect(login.json?.data?.id).toBe(user.id)
    const again = await h.request('POST', '/api/user/2fa/disable', { as: user, body: { code: await codeAt(secret) } })
    expectRefused(again, 'CONFLICT')
    expect(again.json?.message).toBe(zh('two_factor.not_enabled'))

    const second = await enrol(user)
    const withTotp = await h.request('POST', '/api/user/2fa/disable', {
      as: user,
      body: { code: await freshCode(second.secret) },
    })
    expect(withTotp.json?.success, withTotp.text).toBe(true)
  })

  it('regenerates the backup codes for a TOTP code; the old ones stop working', async () => {
    const user = await h.createUser()
    const { secret, backupCodes } = await enrol(user)
    const withBackup = await h.request('POST', '/api/user/2fa/backup_codes', {
      as: user,
      body: { code: backupCodes[0] },
    })
    expectRefused(withBackup, 'DENIED')
    expect(withBackup.json?.message).toBe(zh('two_factor.code_invalid'))
    const fresh = await h.request('POST', '/api/user/2fa/backup_codes', {
      as: user,
      body: { code: await freshCode(secret) },
    })
    expect(fresh.json?.message).toBe(zh('two_factor.backup_codes_regenerated'))
    const codes = fresh.json?.data.backup_codes as string[]
    expect(codes).toHaveLength(10)
    expect(codes.some((code) => backupCodes.includes(code))).toBe(false)
    expectRefused(await codeStep(await passwordStep(user), backupCodes[1] as string), 'DENIED')
    expect((await codeStep(await passwordStep(user), codes[0] as string)).json?.data?.id).toBe(user.id)
  })

  it('lets an admin turn off the factor of users below them only, and ends their sessions', async () => {
    const admin = await h.createUser(Role.admin)
    const otherAdmin = await h.createUser(Role.admin)
    const user = await h.createUser()
    await enrol(user)
    await enrol(otherAdmin)
    await enrol(root)

    const onAdmin = await h.request('DELETE', `/api/user/${otherAdmin.id}/2fa`, { as: admin })
    expectRefused(onAdmin, 'DENIED')
    expect(onAdmin.json?.message).toBe(zh('two_factor.cannot_manage'))
    const onRoot = await h.request('DELETE', `/api/user/${root.id}/2fa`, { as: admin })
    expectRefused(onRoot, 'DENIED')
    expect(onRoot.json?.message).toBe(zh('two_factor.cannot_manage'))
    const onSelf = await h.request('DELETE', `/api/user/${root.id}/2fa`, { as: root })
    expectRefused(onSelf, 'DENIED')
    expect(onSelf.json?.message).toBe(zh('two_factor.cannot_manage'))
    expectRefused(await h.request('DELETE', '/api/user/99999/2fa', { as: admin }), 'NOT_FOUND')

    const onUser = await h.request('DELETE', `/api/user/${user.id}/2fa`, { as: admin })
    expect([onUser.status, onUser.json?.message]).toEqual([200, zh('two_factor.admin_disabled')])
    expect((await h.request('GET', '/api/user/self', { as: user })).status).toBe(401)
    const notOn = await h.request('DELETE', `/api/user/${user.id}/2fa`, { as: admin })
    expectRefused(notOn, 'CONFLICT')
    expect(notOn.json?.message).toBe(zh('two_factor.not_enabled'))
    expect((await h.request('DELETE', `/api/user/${otherAdmin.id}/2fa`, { as: root })).json?.success).toBe(true)

    const stats = await h.request('GET', '/api/user/2fa/stats', { as: admin })
    // root, admin, otherAdmin, user: only the root still has 2FA on
    expect(stats.json?.data).toEqual({ total_users: 4, enabled_users: 1, enabled_rate: '25.0%' })
  })
})

describe('TwoFactorRequiredForAdmins', () => {
  it('keeps admins without 2FA out of admin routes, by cookie or access token, until they turn it on', async () => {
    const admin = await h.createUser(Role.admin)
    const user = await h.createUser()
    const token = (await h.request('GET', '/api/user/token', { as: admin })).json?.data as string
    expect(
      (await h.request('PUT', '/api/option/', { as: root, body: { key: 'TwoFactorRequiredForAdmins', value: 'true' } }))
        .json?.success
    ).toBe(true)

    const listed = await h.request('GET', '/api/user/', { as: admin })
    expect([listed.status, listed.json?.message]).toEqual([403, zh('two_factor.required_for_admins')])
    const byToken = await h.request('GET', '/api/user/', {
      headers: { authorization: `Bearer ${token}`, [USER_ID_HEADER]: String(admin.id) },
    })
    expect([byToken.status, byToken.json?.message]).toEqual([403, zh('two_factor.required_for_admins')])
    const options = await h.request('GET', '/api/option/', { as: root })
    expect([options.status, options.json?.message]).toEqual([403, zh('two_factor.required_for_admins')])
    // Personal pages and the 2FA routes stay open, and plain users are not concerned.
    expect((await h.request('GET', '/api/user/self', { as: admin })).status).toBe(200)
    expect((await status(admin)).required).toBe(true)
    expect((await status(user)).required).toBe(false)

    await enrol(admin)
    expect((await h.request('GET', '/api/user/', { as: admin })).status).toBe(200)
    expect(
      (
        await h.request('GET', '/api/user/', {
          headers: { authorization: `Bearer ${token}`, [USER_ID_HEADER]: String(admin.id) },
        })
      ).status
    ).toBe(200)
    await enrol(root)
    expect(
      (
        await h.request('PUT', '/api/option/', {
          as: root,
          body: { key: 'TwoFactorRequiredForAdmins', value: 'false' },
        })
      ).json?.success
    ).toBe(true)
  })
})
