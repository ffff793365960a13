import { describe, expect, it } from 'vitest'
import { expectRefused, harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { optionDefaults } from '../../services/options/option-defaults.ts'
import { OptionStore } from '../../services/options/option-store.ts'

let h: Harness
let root: TestUser
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

describe('GET /api/option/', () => {
  it('lists every non-secret key with its value', async () => {
    const response = await h.request('GET', '/api/option/', { as: root })
    const entries = response.json?.data as { key: string; value: string }[]
    const keys = entries.map((e) => e.key)
    for (const key of [
      'QuotaPerUnit',
      'GroupRatio',
      'SystemName',
      'TurnstileSiteKey',
      'general_setting.docs_link',
      'Chats',
    ])
      expect(keys).toContain(key)
    for (const secret of [
      'GitHubClientSecret',
      'SMTPToken',
      'EpayKey',
      'TurnstileSecretKey',
      'TelegramBotToken',
      'WeChatServerToken',
    ]) {
      expect(keys).not.toContain(secret)
    }
    expect(entries.find((e) => e.key === 'Price')?.value).toBe('7.3')
    expect(entries.every((e) => typeof e.value === 'string')).toBe(true)
  })
})

describe('PUT /api/option/', () => {
  it('saves as strings, persists and serves from memory', async () => {
    const saved = await h.request('PUT', '/api/option/', { as: root, body: { key: 'QuotaForNewUser', value: 1000 } })
    expect(saved.json).toMatchObject({ success: true, data: { key: 'QuotaForNewUser', value: '1000' } })
    const row = await h.services.db
      .selectFrom('options')
      .selectAll()
      .where('key', '=', 'QuotaForNewUser')
      .executeTakeFirst()
    expect(row?.value).toBe('1000')
    const fresh = new OptionStore(h.services.db)
    await fresh.load()
    expect(fresh.get('QuotaForNewUser')).toBe('1000')
    // Updating an existing row goes through the same path.
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'QuotaForNewUser', value: '2000' } })
    await fresh.load()
    expect(fresh.get('QuotaForNewUser')).toBe('2000')
  })

  it('strips trailing slashes from addresses', async () => {
    await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'ServerAddress', value: 'https://gw.example.com/' },
    })
    expect(h.services.options.get('ServerAddress')).toBe('https://gw.example.com')
  })

  it('refuses bad values and changes nothing', async () => {
    const cases: [string, unknown, string][] = [
      ['TopupGroupRatio', '{oops', 'Top-up group ratio is not valid JSON'],
      ['PayMethods', 'nope', 'Top-up method setting is not valid JSON'],
      ['GroupRatio', '{"default":-2}', 'Ratios in GroupRatio must not be negative'],
      ['GitHubOAuthEnabled', true, 'Fill in the GitHub Client ID and Secret before enabling GitHub OAuth'],
      ['NotAnOption', 'x', 'Unknown option NotAnOption'],
      ['RetryTimes', -1, 'RetryTimes must be an integer not below 0'],
    ]
    for (const [key, value, message] of cases) {
      const response = await h.request('PUT', '/api/option/', {
        as: root,
        body: { key, value },
        headers: { 'accept-language': 'en' },
      })
      expectRefused(response, 'BAD_REQUEST', key)
      expect(response.json?.message).toBe(message)
    }
    expect(h.services.options.get('GroupRatio')).toBe(optionDefaults.GroupRatio)
    expect(
      await h.services.db
        .selectFrom('options')
        .select('key')
        .where('key', 'in', ['GroupRatio', 'TopupGroupRatio'])
        .execute()
    ).toEqual([])
  })

  it('accepts a secret but never reads it back', async () => {
    const response = await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'GitHubClientSecret', value: 'canary-secret' },
    })
    expect(response.json?.data).toEqual({ key: 'GitHubClientSecret', value: '' })
    const list = await h.request('GET', '/api/option/', { as: root })
    expect(list.text).not.toContain('canary-secret')
  })

  it('resets model ratios to the defaults', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'ModelRatio', value: '{"x":1}' } })
    const response = await h.request('POST', '/api/option/rest_model_ratio', { as: root })
    expect(response.json?.success).toBe(true)
    expect(JSON.parse(h.services.options.get('ModelRatio'))['gpt-4o']).toBe(1.25)
  })
})

describe('switch prerequisites', () => {
  const put = (key: string, value: unknown, language = 'en') =>
    h.request('PUT', '/api/option/', { as: root, body: { key, value }, headers: { 'accept-language': language } })

  it('refuses each switch while the setting it needs is empty, in both languages, and stores nothing', async () => {
    const cases: [string, string, string, string][] = [
      [
        'GitHubOAuthEnabled',
        'GitHubClientId',
        'Fill in the GitHub Client ID and Secret before enabling GitHub OAuth',
        '无法启用 GitHub OAuth',
      ],
      [
        'LinuxDOOAuthEnabled',
        'LinuxDOClientId',
        'Fill in the LinuxDO Client ID and Secret before enabling LinuxDO OAuth',
        '无法启用 LinuxDO OAuth',
      ],
      [
        'WeChatAuthEnabled',
        'WeChatServerAddress',
        'Fill in the WeChat server settings before enabling WeChat login',
        '无法启用微信登录',
      ],
      [
        'TurnstileCheckEnabled',
        'TurnstileSiteKey',
        'Fill in the Turnstile keys before enabling the human check',
        '无法启用 Turnstile 校验',
      ],
      [
        'TelegramOAuthEnabled',
        'TelegramBotToken',
        'Fill in the Telegram bot token before enabling Telegram login',
        '无法启用 Telegram OAuth',
      ],
      [
        'EmailDomainRestrictionEnabled',
        'EmailDomainWhitelist',
        'Fill in the allowed email domains before enabling the restriction',
        '无法启用邮箱域名限制',
      ],
    ]
    await put('EmailDomainWhitelist', '')
    for (const [key, , en, zh] of cases) {
      const english = await put(key, 'true')
      expectRefused(english, 'BAD_REQUEST', key)
      expect(english.json?.message).toBe(en)
      expect((await put(key, 'true', 'zh')).json?.message).toContain(zh)
      expect(h.services.options.get(key as 'GitHubOAuthEnabled')).toBe('false')
    }
    const stored = await h.services.db
      .selectFrom('options')
      .select('key')
      .where(
        'key',
        'in',
        cases.map(([key]) => key)
      )
      .execute()
    expect(stored).toEqual([])
    // Switching off never needs anything.
    for (const [key] of cases) expect((await put(key, false)).json?.success, key).toBe(true)
  })

  it('accepts each switch once its setting is filled in', async () => {
    const fills: [string, string, string][] = [
      ['GitHubClientId', 'gh-client', 'GitHubOAuthEnabled'],
      ['LinuxDOClientId', 'ld-client', 'LinuxDOOAuthEnabled'],
      ['WeChatServerAddress', 'https://wechat.example.com/', 'WeChatAuthEnabled'],
      ['TurnstileSiteKey', '0x4AAA', 'TurnstileCheckEnabled'],
      ['TelegramBotToken', '123:abc', 'TelegramOAuthEnabled'],
      ['EmailDomainWhitelist', 'example.com', 'EmailDomainRestrictionEnabled'],
    ]
    for (const [needed, value, key] of fills) {
      expect((await put(needed, value)).json?.success, needed).toBe(true)
      expect((await put(key, true)).json?.success, key).toBe(true)
      expect(h.services.options.get(key as 'GitHubOAuthEnabled')).toBe('true')
    }
    expect(h.services.options.get('WeChatServerAddress')).toBe('https://wechat.example.com')
  })

  it('checks GroupRatio: JSON, an object, numbers only, none negative', async () => {
    for (const bad of ['{"default":', '[1,2]', '{"default":"1"}', '{"vip":-0.5}']) {
      expectRefused(await put('GroupRatio', bad), 'BAD_REQUEST', bad)
    }
    expect((await put('GroupRatio', '{"default":1,"vip":0}')).json?.success).toBe(true)
  })
})

describe('GET /api/option/secrets', () => {
  it('says which secrets are set without their values', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'SMTPToken', value: 'canary-smtp' } })
    const response = await h.request('GET', '/api/option/secrets', { as: root })
    const data = response.json?.data as { key: string; set: boolean }[]
    expect(data.find((e) => e.key === 'SMTPToken')).toEqual({ key: 'SMTPToken', set: true })
    expect(data.find((e) => e.key === 'EpayKey')).toEqual({ key: 'EpayKey', set: false })
    expect(data.map((e) => e.key)).toEqual(
      expect.arrayContaining(['GitHubClientSecret', 'WorkerValidKey', 'TurnstileSecretKey', 'TelegramBotToken'])
    )
    expect(data.map((e) => e.key)).not.toContain('TurnstileSiteKey')
    expect(response.text).not.toContain('canary-smtp')
  })

  it('is for the root only', async () => {
    const admin = await h.createUser(10)
    expect((await h.request('GET', '/api/option/secrets', { as: admin })).status).toBe(403)
    expect(
      (await h.request('PUT', '/api/option/', { as: admin, body: { key: 'SystemName', value: 'x' } })).status
    ).toBe(403)
  })
})

describe('GET /api/option/update', () => {
  it('answers with the running version, and a clean message when the feed is unreachable', async () => {
    const response = await h.request('GET', '/api/option/update', { as: root, headers: { 'accept-language': 'en' } })
    expect(response.status).toBe(200)
    const data = response.json?.data as { current_version: string; release: { tag_name: string } | null }
    expect(data.current_version).toBe(h.services.version)
    // Without internet access (CI, this machine) the check fails cleanly; with it, a tag comes back.
    if (data.release === null) expect(response.json?.message).toBe('Check for updates failed, please try again later')
    else expect(data.release.tag_name).not.toBe('')
  })
})

describe('GET /api/group/', () => {
  it('lists the groups that have a ratio', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'GroupRatio', value: '{"default":1,"pro":0.8}' } })
    expect((await h.request('GET', '/api/group/', { as: root })).json?.data).toEqual(['default', 'pro'])
  })
})

describe('model catalog routes', () => {
  const serve = async (models: string) => {
    const response = await h.request('POST', '/api/channel/', {
      as: root,
      body: { name: 'ch', key: 'sk-x', models, group: 'default' },
    })
    expect(response.json?.success, response.text).toBe(true)
  }
  const ratios = (key: 'ModelRatio' | 'CompletionRatio' | 'CacheRatio') =>
    h.services.options.json<Record<string, number>>(key)

  it("shows where each served model's price comes from", async () => {
    await serve('gpt-4o,gpt-5,no-such-model')
    const response = await h.request('GET', '/api/option/model_catalog', { as: root })
    expect(response.json?.data).toEqual([
      {
        model: 'gpt-4o',
        source: 'root',
        model_ratio: 1.25,
        completion_ratio: 4,
        cache_ratio: 0.5,
        catalog: {
          model_ratio: 1.25,
          completion_ratio: 4,
          cache_ratio: 0.5,
          context_window: 128_000,
          output_limit: 16_384,
        },
      },
      {
        model: 'gpt-5',
        source: 'catalog',
        model_ratio: 0.625,
        completion_ratio: 8,
        cache_ratio: 0.104,
        catalog: {
          model_ratio: 0.625,
          completion_ratio: 8,
          cache_ratio: 0.104,
          context_window: 400_000,
          output_limit: 128_000,
        },
      },
      { model: 'no-such-model', source: 'none' },
    ])
  })

  it("fills the root's options for served models the root has not priced, keeping the root's own entries", async () => {
    await serve('gpt-4o,gpt-5,claude-opus-4-1,no-such-model')
    await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o': 2 }) },
    })
    await h.request('PUT', '/api/option/', {
      as: root,
      body: { key: 'CompletionRatio', value: JSON.stringify({ 'claude-opus-4-1': 4 }) },
    })
    const filled = await h.request('POST', '/api/option/model_catalog/fill', {
      as: root,
      headers: { 'accept-language': 'en' },
    })
    expect(filled.json).toEqual({
      success: true,
      message: 'Filled the prices of 2 models from the model catalog',
      data: { filled: ['claude-opus-4-1', 'gpt-5'] },
    })
    expect(ratios('ModelRatio')).toEqual({ 'gpt-4o': 2, 'claude-opus-4-1': 7.5, 'gpt-5': 0.625 })
    expect(ratios('CompletionRatio')).toEqual({ 'claude-opus-4-1': 4, 'gpt-5': 8 })
    expect(ratios('CacheRatio')).toMatchObject({ 'gpt-4o': 0.5, 'claude-opus-4-1': 0.1, 'gpt-5': 0.104 })
    expect(ratios('CacheRatio')).not.toHaveProperty('no-such-model')
    // Stored, so the prices stay when the catalog package changes.
    const fresh = new OptionStore(h.services.db)
    await fresh.load()
    expect(fresh.json<Record<string, number>>('ModelRatio')).toEqual({
      'gpt-4o': 2,
      'claude-opus-4-1': 7.5,
      'gpt-5': 0.625,
    })
    const sources = (await h.request('GET', '/api/option/model_catalog', { as: root })).json?.data as {
      model: string
      source: string
    }[]
    expect(sources.map((row) => `${row.model}:${row.source}`)).toEqual([
      'claude-opus-4-1:root',
      'gpt-4o:root',
      'gpt-5:root',
      'no-such-model:none',
    ])
    expect((await h.request('POST', '/api/option/model_catalog/fill', { as: root })).json?.data).toEqual({ filled: [] })
  })

  it('is the root’s alone', async () => {
    const admin = await h.createUser(10)
    expect((await h.request('POST', '/api/option/model_catalog/fill', { as: admin })).status).toBe(403)
    expect((await h.request('GET', '/api/option/model_catalog', { as: admin })).status).toBe(403)
    expect(ratios('ModelRatio')).not.toHaveProperty('gpt-5')
  })
})
