import { Role, USER_ID_HEADER } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { readNotifySettings } from '../../services/notify/notification.ts'

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

const UNIT = 500_000
const en = { 'accept-language': 'en' }
const saveSetting = (user: TestUser, body: Record<string, unknown>, language = 'en') =>
  h.request('PUT', '/api/user/setting', { as: user, body, headers: { 'accept-language': language } })
const storedSetting = async (id: number) => {
  const row = await h.services.db
    .selectFrom('users')
    .select(['setting', 'email'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return { raw: row.setting, parsed: JSON.parse(row.setting || '{}') as Record<string, unknown>, email: row.email }
}
const userRow = (id: number) =>
  h.services.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('PUT /api/user/setting', () => {
  const webhook = {
    notify_type: 'webhook',
    quota_warning_threshold: 500_000,
    webhook_url: 'https://hooks.example.com/quota',
    webhook_secret: 'canary-secret-123',
  }

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const user = await h.createUser()
    await saveSetting(user, { notify_type: 'email', quota_warning_threshold: 100_000 })
    const before = await storedSetting(user.id)
    const cases: [Record<string, unknown>, string][] = [
      [{ ...webhook, notify_type: 'sms' }, 'Invalid notification type'],
      [{ ...webhook, notify_type: undefined }, 'Invalid notification type'],
      [{ ...webhook, quota_warning_threshold: 0 }, 'The warning threshold must be greater than 0'],
      [{ ...webhook, quota_warning_threshold: -5 }, 'The warning threshold must be greater than 0'],
      [{ ...webhook, quota_warning_threshold: 1.5 }, 'The warning threshold must be greater than 0'],
      [{ ...webhook, quota_warning_threshold: 'lots' }, 'The warning threshold must be greater than 0'],
      [{ ...webhook, quota_warning_threshold: undefined }, 'The warning threshold must be greater than 0'],
      [{ ...webhook, webhook_url: '' }, 'The webhook URL is required'],
      [{ ...webhook, webhook_url: 'not a url' }, 'The webhook URL is not a valid URL'],
      [{ ...webhook, webhook_url: 'http://hooks.example.com/quota' }, 'The webhook URL must start with https://'],
      [{ ...webhook, webhook_url: 'ftp://hooks.example.com/quota' }, 'The webhook URL must start with https://'],
      [{ notify_type: 'email', quota_warning_threshold: 1000, notification_email: 'nobody' }, 'Invalid email address'],
      [{ notify_type: 'email', quota_warning_threshold: 1000, notification_email: 'a@b' }, 'Invalid email address'],
    ]
    for (const [body, message] of cases) {
      const response = await saveSetting(user, body)
      expectRefused(response, 'BAD_REQUEST', JSON.stringify(body))
      expect(response.json?.message, JSON.stringify(body)).toBe(message)
    }
    expect((await saveSetting(user, { ...webhook, webhook_url: 'http://x.example.com' }, 'zh-CN')).json?.message).toBe(
      'Webhook 地址必须以 https:// 开头'
    )
    expect((await storedSetting(user.id)).raw).toBe(before.raw)
  })

  it('refuses private, local and metadata addresses at save time', async () => {
    const user = await h.createUser()
    const blocked = [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://2130706433/hook',
      'https://metadata.google.internal/hook',
      'https://hooks.example.com:6379/hook',
    ]
    for (const url of blocked) {
      const response = await saveSetting(user, { ...webhook, webhook_url: url })
      expectRefused(response, 'BAD_REQUEST', url)
      expect(response.json?.message, url).toMatch(/^The webhook URL is not allowed/)
    }
    expect((await storedSetting(user.id)).raw).toBe('')
  })

  it('stores the keys the quota warning reads and never sends the secret back', async () => {
    const user = await h.createUser()
    const saved = await saveSetting(user, webhook)
    expect(saved.json).toMatchObject({ success: true, message: 'Settings updated' })
    const { parsed, email } = await storedSetting(user.id)
    expect(parsed).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 500_000,
      webhook_url: 'https://hooks.example.com/quota',
      webhook_secret: 'canary-secret-123',
    })
    expect(readNotifySettings(parsed, email)).toEqual({
      notifyType: 'webhook',
      threshold: 500_000,
      webhookUrl: 'https://hooks.example.com/quota',
      webhookSecret: 'canary-secret-123',
      email,
    })
    const self = await h.request('GET', '/api/user/self', { as: user })
    expect(self.text).not.toContain('canary-secret-123')
    expect(JSON.parse(self.json?.data.setting)).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 500_000,
      webhook_url: 'https://hooks.example.com/quota',
      webhook_secret_set: true,
    })
  })

  it('keeps the secret when it is left out, removes it when sent empty', async () => {
    const user = await h.createUser()
    await saveSetting(user, webhook)
    await saveSetting(user, { ...webhook, webhook_secret: undefined, quota_warning_threshold: 1_000_000 })
    expect((await storedSetting(user.id)).parsed).toMatchObject({
      webhook_secret: 'canary-secret-123',
      quota_warning_threshold: 1_000_000,
    })
    await saveSetting(user, { ...webhook, webhook_secret: '' })
    expect((await storedSetting(user.id)).parsed).not.toHaveProperty('webhook_secret')
    expect(
      JSON.parse((await h.request('GET', '/api/user/self', { as: user })).json?.data.setting).webhook_secret_set
    ).toBe(false)
  })

  it('replaces the setting: email delivery drops the webhook keys and keeps the unpriced-model choice', async () => {
    const user = await h.createUser()
    await h.services.db
      .updateTable('users')
      .set({ setting: '{"accept_unset_model_ratio_model":true,"junk":1}' })
      .where('id', '=', user.id)
      .execute()
    await saveSetting(user, webhook)
    const response = await saveSetting(user, {
      notify_type: 'email',
      quota_warning_threshold: 100_000,
      notification_email: 'alerts@example.com',
      webhook_url: 'https://x.example.com',
    })
    expect(response.json?.success).toBe(true)
    expect((await storedSetting(user.id)).parsed).toEqual({
      notify_type: 'email',
      quota_warning_threshold: 100_000,
      notification_email: 'alerts@example.com',
      accept_unset_model_ratio_model: true,
    })
  })

  it('updates the relay user cache so the next warning uses the new settings', async () => {
    const user = await h.createUser()
    const before = await h.services.relay.tokens.user(user.id)
    expect(before?.setting).toEqual({})
    await saveSetting(user, webhook)
    expect((await h.services.relay.tokens.user(user.id))?.setting).toMatchObject({ notify_type: 'webhook' })
  })
})

describe('POST /api/user/aff_transfer', () => {
  const transfer = (user: TestUser, quota: unknown, language = 'en') =>
    h.request('POST', '/api/user/aff_transfer', { as: user, body: { quota }, headers: { 'accept-language': language } })
  const giveAff = (id: number, aff: number) =>
    h.services.db.updateTable('users').set({ aff_quota: aff }).where('id', '=', id).execute()

  it('moves invite quota into the balance', async () => {
    const user = await h.createUser(Role.user, { quota: 100 })
    await giveAff(user.id, 3 * UNIT)
    const response = await transfer(user, 2 * UNIT)
    expect(response.json).toMatchObject({ success: true, message: 'Transferred' })
    expect(await userRow(user.id)).toMatchObject({ quota: 100 + 2 * UNIT, aff_quota: UNIT })
    const self = await h.request('GET', '/api/user/self', { as: user })
    expect(self.json?.data).toMatchObject({ quota: 100 + 2 * UNIT, aff_quota: UNIT })
  })

  it('refuses less than one quota unit, fractions and more than there is', async () => {
    const user = await h.createUser(Role.user, { quota: 0 })
    await giveAff(user.id, 2 * UNIT)
    const small = await transfer(user, UNIT - 1)
    expectRefused(small, 'BAD_REQUEST')
    expect(small.json?.message).toBe('The transfer amount must be at least $1!')
    expect((await transfer(user, UNIT - 1, 'zh-CN')).json?.message).toBe('转移额度最小为$1！')
    expect((await transfer(user, UNIT + 0.5)).json?.message).toBe('The transfer amount must be a whole number')
    expectRefused(await transfer(user, '500000'), 'BAD_REQUEST')
    const tooMuch = await transfer(user, 3 * UNIT)
    expect(tooMuch.json?.message).toBe('Not enough invite quota!')
    expect((await transfer(user, 3 * UNIT, 'zh-CN')).json?.message).toBe('邀请额度不足！')
    expect(await userRow(user.id)).toMatchObject({ quota: 0, aff_quota: 2 * UNIT })
  })

  it('follows QuotaPerUnit for the minimum', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'QuotaPerUnit', value: '1000' } })
    const user = await h.createUser(Role.user, { quota: 0 })
    await giveAff(user.id, 5000)
    expect((await transfer(user, 999)).json?.message).toBe('The transfer amount must be at least $1!')
    expect((await transfer(user, 1000)).json?.success).toBe(true)
  })

  it('never overdraws under 50 concurrent transfers', async () => {
    const user = await h.createUser(Role.user, { quota: 7 })
    await giveAff(user.id, 10 * UNIT + 123)
    const results = await Promise.all(Array.from({ length: 50 }, () => transfer(user, UNIT)))
    const succeeded = results.filter((r) => r.json?.success).length
    expect(succeeded).toBe(10)
    expect(results.filter((r) => r.json?.message === 'Not enough invite quota!')).toHaveLength(40)
    expect(await userRow(user.id)).toMatchObject({ quota: 7 + 10 * UNIT, aff_quota: 123 })
  })

  it('lets an invite reward be transferred end to end', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'QuotaForInviter', value: String(UNIT) } })
    const inviter = await h.createUser(Role.user, { quota: 0 })
    const code = (await h.request('GET', '/api/user/aff', { as: inviter })).json?.data
    const registered = await h.request('POST', '/api/user/register', {
      body: { username: 'invitee1', password: 'password123', password2: 'password123', aff_code: code },
    })
    expect(registered.json?.success).toBe(true)
    expect((await h.request('GET', '/api/user/self', { as: inviter })).json?.data).toMatchObject({
      aff_count: 1,
      aff_quota: UNIT,
      aff_history_quota: UNIT,
    })
    expect((await transfer(inviter, UNIT)).json?.success).toBe(true)
    expect(await userRow(inviter.id)).toMatchObject({ quota: UNIT, aff_quota: 0, aff_history: UNIT })
  })
})

describe('the own account routes', () => {
  it('resolve to the personal handlers for a normal user (static paths win)', async () => {
    const user = await h.createUser()
    for (const [method, path, body] of [
      ['GET', '/api/user/self', undefined],
      ['GET', '/api/user/token', undefined],
      ['GET', '/api/user/aff', undefined],
      ['GET', '/api/user/models', undefined],
      ['GET', '/api/user/self/groups', undefined],
      ['PUT', '/api/user/setting', { notify_type: 'email', quota_warning_threshold: 100_000 }],
      ['PUT', '/api/user/self', { display_name: 'Me' }],
    ] as const) {
      const response = await h.request(method, path, { as: user, body, headers: en })
      expect(response.status, `${method} ${path}`).toBe(200)
      expect(response.json?.success, `${method} ${path}`).toBe(true)
    }
    const transfer = await h.request('POST', '/api/user/aff_transfer', { as: user, body: { quota: UNIT }, headers: en })
    expect(transfer.json?.message).toBe('Not enough invite quota!')
  })

  it('hands out an access token that authenticates with the New-Api-User header, newest only', async () => {
    const user = await h.createUser()
    const first = (await h.request('GET', '/api/user/token', { as: user })).json?.data as string
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/)
    const viaToken = await h.request('GET', '/api/user/self', {
      headers: { authorization: first, [USER_ID_HEADER]: String(user.id) },
    })
    expect(viaToken.json?.data.username).toBe(user.username)
    const second = (await h.request('GET', '/api/user/token', { as: user })).json?.data as string
    expect(second).not.toBe(first)
    expect(
      (
        await h.request('GET', '/api/user/self', {
          headers: { authorization: first, [USER_ID_HEADER]: String(user.id) },
        })
      ).json?.success
    ).not.toBe(true)
    expect(
      (
        await h.request('GET', '/api/user/self', {
          headers: { authorization: `Bearer ${second}`, [USER_ID_HEADER]: String(user.id) },
        })
      ).json?.success
    ).toBe(true)
    expect((await userRow(user.id)).access_token).not.toBe(second)
  })

  it('deletes the own account: sessions, access token and relay tokens stop at once; root cannot', async () => {
    const user = await h.createUser()
    const token = (await h.request('GET', '/api/user/token', { as: user })).json?.data as string
    expect((await h.services.relay.tokens.user(user.id))?.cancelled).toBe(false)
    const deleted = await h.request('DELETE', '/api/user/self', { as: user })
    expect(deleted.json?.success).toBe(true)
    expect((await h.request('GET', '/api/user/self', { as: user })).status).toBe(401)
    expect(
      (
        await h.request('GET', '/api/user/self', {
          headers: { authorization: token, [USER_ID_HEADER]: String(user.id) },
        })
      ).json?.success
    ).not.toBe(true)
    expect((await h.services.relay.tokens.user(user.id))?.cancelled ?? true).toBe(true)
    await expect(h.login(user.username, user.password)).rejects.toThrow()
    const rootDelete = await h.request('DELETE', '/api/user/self', { as: root, headers: en })
    expectRefused(rootDelete, 'DENIED')
    expect(rootDelete.json?.message).toBe('The super admin account cannot be deleted')
    expect((await userRow(root.id)).deleted_at).toBeNull()
  })

  it('changes the password only with the right current password when one is given', async () => {
    const user = await h.createUser()
    const wrong = await h.request('PUT', '/api/user/self', {
      as: user,
      body: { password: 'newpassword1', original_password: 'wrongpass' },
      headers: en,
    })
    expect(wrong.json?.message).toBe('The current password is wrong')
    await h.login(user.username, user.password)
    const short = await h.request('PUT', '/api/user/self', {
      as: user,
      body: { password: 'short', original_password: user.password },
      headers: en,
    })
    expectRefused(short, 'BAD_REQUEST')
    const right = await h.request('PUT', '/api/user/self', {
      as: user,
      body: { password: 'newpassword1', original_password: user.password },
    })
    expect(right.json?.success).toBe(true)
    await expect(h.login(user.username, user.password)).rejects.toThrow()
    await h.login(user.username, 'newpassword1')
  })
})
