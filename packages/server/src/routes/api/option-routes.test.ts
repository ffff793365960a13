import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../../test/harness.ts'
import { OptionStore } from '../../services/options/option-store.ts'
import { optionDefaults } from '../../services/options/option-defaults.ts'

let h: Harness
let root: TestUser
beforeEach(async () => {
  h = await createHarness()
  root = await h.setupRoot()
})
afterEach(async () => {
  await h.close()
})

describe('GET /api/option/', () => {
  it('lists every non-secret key with its value', async () => {
    const response = await h.request('GET', '/api/option/', { as: root })
    const entries = response.json?.data as { key: string; value: string }[]
    const keys = entries.map((e) => e.key)
    for (const key of ['QuotaPerUnit', 'GroupRatio', 'SystemName', 'TurnstileSiteKey', 'general_setting.docs_link', 'Chats']) expect(keys).toContain(key)
    for (const secret of ['GitHubClientSecret', 'SMTPToken', 'EpayKey', 'TurnstileSecretKey', 'TelegramBotToken', 'WeChatServerToken']) {
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
    const row = await h.services.db.selectFrom('options').selectAll().where('key', '=', 'QuotaForNewUser').executeTakeFirst()
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
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'ServerAddress', value: 'https://gw.example.com/' } })
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
      const response = await h.request('PUT', '/api/option/', { as: root, body: { key, value }, headers: { 'accept-language': 'en' } })
      expect(response.status, key).toBe(400)
      expect(response.json?.message).toBe(message)
    }
    expect(h.services.options.get('GroupRatio')).toBe(optionDefaults.GroupRatio)
    expect(await h.services.db.selectFrom('options').select('key').where('key', 'in', ['GroupRatio', 'TopupGroupRatio']).execute()).toEqual([])
  })

  it('accepts a secret but never reads it back', async () => {
    const response = await h.request('PUT', '/api/option/', { as: root, body: { key: 'GitHubClientSecret', value: 'canary-secret' } })
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

describe('GET /api/group/', () => {
  it('lists the groups that have a ratio', async () => {
    await h.request('PUT', '/api/option/', { as: root, body: { key: 'GroupRatio', value: '{"default":1,"pro":0.8}' } })
    expect((await h.request('GET', '/api/group/', { as: root })).json?.data).toEqual(['default', 'pro'])
  })
})
