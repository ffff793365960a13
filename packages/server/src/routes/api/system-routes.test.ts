import { statusSchema } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness } from '../../../test/harness.ts'
import { insertUser } from '../../db/queries/users.ts'

let h: Harness
harnessPerTest((made) => {
  h = made
})

describe('GET /api/status', () => {
  it('answers every field of the Status object', async () => {
    const response = await h.request('GET', '/api/status')
    expect(response.status).toBe(200)
    expect(response.json?.success).toBe(true)
    const status = statusSchema.strict().parse(response.json?.data)
    expect(status).toMatchObject({
      system_name: 'New API',
      quota_per_unit: 500000,
      setup: false,
      chats: [],
      root_default_password: false,
    })
    expect(response.headers.get('x-oneapi-request-id')).toMatch(/^\d{14}/)
  })

  it("carries every field of the reference's status, unsupported ones off", async () => {
    // GetStatus of the reference (controller/misc.go at 116255f), minus the ones it adds only when a panel is on.
    const referenceKeys =
      `version start_time email_verification github_oauth github_client_id discord_oauth discord_client_id
      linuxdo_oauth linuxdo_client_id linuxdo_minimum_trust_level telegram_oauth telegram_bot_name theme system_name logo
      footer_html wechat_qrcode wechat_login server_address turnstile_check turnstile_site_key docs_link quota_per_unit
      display_in_currency quota_display_type custom_currency_symbol custom_currency_exchange_rate enable_batch_update
      enable_drawing enable_task enable_data_export data_export_default_time default_collapse_sidebar mj_notify_enabled chats
      demo_site_enabled self_use_mode_enabled register_enabled password_login_enabled password_register_enabled
      default_use_auto_group usd_exchange_rate price stripe_unit_price api_info_enabled uptime_kuma_enabled
      announcements_enabled faq_enabled HeaderNavModules SidebarModulesAdmin oidc_enabled oidc_client_id
      oidc_authorization_endpoint oidc_display_name passkey_login passkey_display_name passkey_rp_id passkey_origins
      passkey_allow_insecure passkey_user_verification passkey_attachment setup user_agreement_enabled privacy_policy_enabled
      checkin_enabled`.split(/\s+/)
    const data = (await h.request('GET', '/api/status')).json?.data as Record<string, unknown>
    expect(referenceKeys.filter((key) => !(key in data))).toEqual([])
    expect(data).toMatchObject({
      quota_display_type: 'USD',
      usd_exchange_rate: 7.3,
      checkin_enabled: false,
      discord_oauth: false,
      oidc_enabled: false,
      theme: 'default',
    })

    const root = await h.setupRoot()
    for (const [key, value] of [
      ['DisplayInCurrencyEnabled', 'false'],
      ['USDExchangeRate', '7.1'],
      ['ServerAddress', 'https://gw.example.com'],
    ]) {
      expect((await h.request('PUT', '/api/option/', { as: root, body: { key, value } })).json?.success, key).toBe(true)
    }
    const changed = (await h.request('GET', '/api/status')).json?.data
    expect(changed).toMatchObject({
      quota_display_type: 'TOKENS',
      display_in_currency: false,
      usd_exchange_rate: 7.1,
      passkey_rp_id: 'gw.example.com',
      passkey_origins: 'https://gw.example.com',
    })
  })

  it('reflects option changes at once', async () => {
    const root = await h.setupRoot()
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'SystemName', value: 'My Gateway' } })
    const response = await h.request('GET', '/api/status')
    expect(response.json?.data).toMatchObject({ system_name: 'My Gateway', setup: true })
  })
})

describe('first-run setup', () => {
  it('reports the database and that no root exists yet', async () => {
    const response = await h.request('GET', '/api/setup')
    expect(response.json?.data).toEqual({ status: false, root_init: false, database_type: h.services.dialect })
  })

  it('refuses short and mismatched passwords with the spec messages', async () => {
    const short = await h.request('POST', '/api/setup', {
      body: { username: 'root', password: 'short', confirmPassword: 'short' },
    })
    expectRefused(short, 'BAD_REQUEST')
    expect(short.json?.message).toBe('密码长度不得小于 8 位')
    const mismatch = await h.request('POST', '/api/setup', {
      body: { username: 'root', password: 'password123', confirmPassword: 'password124' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    })
    expect(mismatch.json?.message).toBe('The two passwords differ')
    expect((await h.request('GET', '/api/setup')).json?.data.status).toBe(false)
  })

  it('creates the root once, with the chosen modes', async () => {
    const response = await h.request('POST', '/api/setup', {
      body: { username: 'admin', password: 'password123', confirmPassword: 'password123', SelfUseModeEnabled: true },
    })
    expect(response.json?.success).toBe(true)
    const { cookie, id } = await h.login('admin', 'password123')
    const self = await h.request('GET', '/api/user/self', { headers: { cookie, 'New-Api-User': String(id) } })
    expect(self.json?.data).toMatchObject({ username: 'admin', role: 100, status: 1, quota: 100_000_000, password: '' })
    expect((await h.request('GET', '/api/status')).json?.data).toMatchObject({
      setup: true,
      self_use_mode_enabled: true,
      demo_site_enabled: false,
    })
    expect((await h.request('GET', '/api/setup')).json?.data).toMatchObject({ status: true, root_init: true })

    const again = await h.request('POST', '/api/setup', {
      body: { username: 'evil', password: 'password123', confirmPassword: 'password123' },
    })
    expectRefused(again, 'BAD_REQUEST')
    expect(again.json?.message).toBe('系统已经初始化完成')
  })

  it('signs the new root in: the answer carries the user and its session cookie works', async () => {
    const response = await h.request('POST', '/api/setup', {
      body: { username: 'admin', password: 'password123', confirmPassword: 'password123' },
    })
    const setCookie = response.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^session=[^;]+;.*HttpOnly/)
    const id = response.json?.data.id as number
    expect(response.json?.data).toMatchObject({
      username: 'admin',
      role: 100,
      user: { username: 'admin', role: 100, quota: 100_000_000 },
    })
    const cookie = setCookie.split(';')[0] as string
    const self = await h.request('GET', '/api/user/self', { headers: { cookie, 'New-Api-User': String(id) } })
    expect(self.status).toBe(200)
    expect(self.json?.data).toMatchObject({ id, username: 'admin', role: 100 })
  })

  it('signs nobody in when a root existed before (its password was never given here)', async () => {
    await insertUser(h.services.db, h.services.dialect, {
      username: 'old',
      password: 'x',
      role: 100,
      aff_code: 'oldroot1',
    })
    const response = await h.request('POST', '/api/setup', {
      body: { username: 'admin', password: 'password123', confirmPassword: 'password123' },
    })
    expect(response.json).toMatchObject({ success: true, data: null })
    expect(response.headers.get('set-cookie')).toBe(null)
  })

  it('creates exactly one root when raced', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) => {
        // Every attempt passes the in-memory check, so only the database can stop the others.
        h.services.setup.done = false
        return h.request('POST', '/api/setup', {
          body: { username: `root${i}`, password: 'password123', confirmPassword: 'password123' },
        })
      })
    )
    expect(attempts.filter((a) => a.json?.success).length).toBe(1)
    const roots = await h.services.db.selectFrom('users').select('id').where('role', '=', 100).execute()
    expect(roots.length).toBe(1)
  })
})

describe('branding texts', () => {
  it('serves notice, about and home page content publicly', async () => {
    const root = await h.setupRoot()
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'Notice', value: 'maintenance at 2am' } })
    expect((await h.request('GET', '/api/notice')).json?.data).toBe('maintenance at 2am')
    expect((await h.request('GET', '/api/about')).json).toMatchObject({ success: true, data: '' })
    expect((await h.request('GET', '/api/home_page_content')).json).toMatchObject({ success: true, data: '' })
  })
})

describe('unknown API paths', () => {
  it('answer 404 as the reference does (an OpenAI error naming the path), with the envelope, not the console', async () => {
    const response = await h.request('GET', '/api/does-not-exist')
    expect(response.status).toBe(404)
    expect(response.json).toMatchObject({ success: false, code: 'NOT_FOUND', message: '资源不存在' })
    expect(JSON.parse(response.text).error).toEqual({
      message: 'Invalid URL (GET /api/does-not-exist)',
      type: 'invalid_request_error',
      param: '',
      code: '',
    })
    const deep = await h.request('DELETE', '/api/token/1/nothing/here')
    expect([deep.status, JSON.parse(deep.text).error.message]).toEqual([
      404,
      'Invalid URL (DELETE /api/token/1/nothing/here)',
    ])
  })
})
