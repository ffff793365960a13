import { createHash, createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../../test/harness.ts'
import { startOAuthStub, type OAuthStub, type StubAccount } from '../../../test/oauth-stub.ts'

let stub: OAuthStub
let h: Harness
// Creating and dropping a database per test is slow on PostgreSQL and MariaDB under load.
const HOOK_TIMEOUT = 60_000
let codeCounter = 0
beforeAll(async () => {
  stub = await startOAuthStub()
})
afterAll(async () => {
  await stub.close()
})
harnessPerTest(
  async (made) => {
    h = made
    await h.setupRoot()
    const set = (key: string, value: string) => h.services.options.set(key, value)
    await set('GitHubClientId', 'gh-client')
    await set('GitHubClientSecret', 'gh-secret-canary')
    await set('GitHubOAuthEnabled', 'true')
    await set('LinuxDOClientId', 'ld-client')
    await set('LinuxDOClientSecret', 'ld-secret-canary')
    await set('LinuxDOOAuthEnabled', 'true')
    await set('QuotaForNewUser', '1000')
  },
  () => ({ env: { GITHUB_OAUTH_BASE_URL: stub.url, LINUXDO_OAUTH_BASE_URL: stub.url } }),
  HOOK_TIMEOUT
)

/** Starts a round trip: the state and the cookie that carries it. */
async function startState(aff?: string): Promise<{ state: string; cookie: string }> {
  const response = await h.request('GET', `/api/oauth/state${aff ? `?aff=${aff}` : ''}`)
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string
  return { state: response.json?.data as string, cookie }
}

function issueCode(account: StubAccount): string {
  const code = `code-${++codeCounter}`
  stub.codes.set(code, account)
  return code
}

const callback = (
  provider: string,
  code: string,
  state: string,
  cookie: string,
  headers: Record<string, string> = {}
) => h.request('GET', `/api/oauth/${provider}?code=${code}&state=${state}`, { headers: { cookie, ...headers } })

const userBy = (column: 'github_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id', id: string) =>
  h.services.db.selectFrom('users').selectAll().where(column, '=', id).executeTakeFirst()

describe('OAuth state', () => {
  it('refuses a missing, different or reused state with 403', async () => {
    const { state, cookie } = await startState()
    const code = issueCode({ id: 1, login: 'octo' })
    expect((await callback('github', code, 'wrongstate12', cookie)).status).toBe(403)
    expect((await callback('github', code, state, '')).json).toMatchObject({
      success: false,
      message: 'state is empty or not same',
    })
    expect((await h.request('GET', `/api/oauth/github?code=${code}`, { headers: { cookie } })).status).toBe(403)

    const fresh = await startState()
    const ok = await callback('github', code, fresh.state, fresh.cookie)
    expect(ok.json?.success, ok.text).toBe(true)
    // The cookie was cleared with the first use; a replay of the same callback URL fails.
    expect((await callback('github', issueCode({ id: 1 }), fresh.state, fresh.cookie)).status).toBe(403)
  })
})

describe('GitHub and LinuxDO sign-in', () => {
  it('registers github_<n> with the new-user quota and the invite reward, then signs the same user in', async () => {
    const inviter = await h.createUser()
    const affCode =
      (
        await h.services.db
          .selectFrom('users')
          .select('aff_code')
          .where('id', '=', inviter.id)
          .executeTakeFirstOrThrow()
      ).aff_code ?? ''
    await h.services.options.set('QuotaForInvitee', '50')
    await h.services.options.set('QuotaForInviter', '70')
    const { state, cookie } = await startState(affCode)
    const response = await callback(
      'github',
      issueCode({ id: 4242, login: 'octo', name: 'Octo Cat', email: 'Octo@GitHub.com' }),
      state,
      cookie
    )
    expect(response.json?.success, response.text).toBe(true)
    expect(response.json?.data.username).toMatch(/^github_\d+$/)
    expect(response.headers.get('set-cookie')).toMatch(/session=/)
    const created = await userBy('github_id', '4242')
    expect(created).toMatchObject({
      display_name: 'Octo Cat',
      email: 'octo@github.com',
      quota: 1050,
      inviter_id: inviter.id,
    })
    const reward = await h.services.db
      .selectFrom('users')
      .select('aff_quota')
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow()
    expect(reward.aff_quota).toBe(70)

    // What went to the provider: the code and the client credentials, never to anyone else.
    const tokenCall = stub.requests.findLast((r) => r.path === '/login/oauth/access_token')
    expect(new URLSearchParams(tokenCall?.body).get('client_secret')).toBe('gh-secret-canary')
    expect(response.text).not.toContain('gh-secret-canary')

    const again = await startState()
    const second = await callback('github', issueCode({ id: 4242, login: 'renamed' }), again.state, again.cookie)
    expect(second.json?.data.id).toBe(created?.id)
    expect(await h.services.db.selectFrom('users').select('id').where('github_id', '=', '4242').execute()).toHaveLength(
      1
    )
  })

  it('uses HTTP Basic credentials for LinuxDO and names new users linuxdo_<n>', async () => {
    const { state, cookie } = await startState()
    const response = await callback('linuxdo', issueCode({ id: 77, username: 'ld_user' }), state, cookie)
    expect(response.json?.data.username, response.text).toMatch(/^linuxdo_\d+$/)
    const tokenCall = stub.requests.findLast((r) => r.path === '/oauth2/token')
    expect(tokenCall?.headers.authorization).toBe(
      `Basic ${Buffer.from('ld-client:ld-secret-canary').toString('base64')}`
    )
    expect(new URLSearchParams(tokenCall?.body).get('redirect_uri')).toBe('http://localhost/oauth/linuxdo')
  })

  it('refuses disabled providers, closed registration, banned and cancelled users, and bad codes', async () => {
    let round = await startState()
    await h.services.options.set('GitHubOAuthEnabled', 'false')
    expect((await callback('github', issueCode({ id: 1 }), round.state, round.cookie)).json?.message).toBe(
      '管理员未开启通过 GitHub 登录以及注册'
    )
    await h.services.options.set('GitHubOAuthEnabled', 'true')

    round = await startState()
    await h.services.options.set('RegisterEnabled', 'false')
    expect((await callback('github', issueCode({ id: 2 }), round.state, round.cookie)).json?.message).toBe(
      '管理员关闭了新用户注册'
    )
    expect(await userBy('github_id', '2')).toBeUndefined()

    const banned = await h.createUser()
    await h.services.db.updateTable('users').set({ github_id: '3', status: 2 }).where('id', '=', banned.id).execute()
    round = await startState()
    expect((await callback('github', issueCode({ id: 3 }), round.state, round.cookie)).json?.message).toBe(
      '用户已被封禁'
    )

    const cancelled = await h.createUser()
    await h.services.db
      .updateTable('users')
      .set({ linux_do_id: '4', deleted_at: new Date() })
      .where('id', '=', cancelled.id)
      .execute()
    round = await startState()
    expect((await callback('linuxdo', issueCode({ id: 4 }), round.state, round.cookie)).json?.message).toBe(
      '用户已注销'
    )

    round = await startState()
    const bad = await callback('github', 'never-issued', round.state, round.cookie)
    expect(bad.json?.success).toBe(false)
    expect(bad.json?.message).toBe('GitHub 授权失败: The code passed is incorrect or expired.')
  })

  it('binds to the signed-in user, and refuses an id that is already bound', async () => {
    const user = await h.createUser()
    let round = await startState()
    const bound = await callback('github', issueCode({ id: 900 }), round.state, `${user.cookie}; ${round.cookie}`)
    expect(bound.json).toMatchObject({ success: true, message: 'bind' })
    expect((await userBy('github_id', '900'))?.id).toBe(user.id)

    const other = await h.createUser()
    round = await startState()
    const refused = await callback('github', issueCode({ id: 900 }), round.state, `${other.cookie}; ${round.cookie}`)
    expect(refused.json).toMatchObject({ success: false, message: '该 GitHub 账户已被绑定' })
    expect((await userBy('github_id', '900'))?.id).toBe(user.id)
  })
})

describe('outbound guard', () => {
  it('opens loopback only for an operator override; the default provider policy refuses it', async () => {
    const { providerEndpoints } = await import('../../services/auth/oauth-providers.ts')
    expect(providerEndpoints('github', {})).toMatchObject({
      token: 'https://github.com/login/oauth/access_token',
      user: 'https://api.github.com/user',
      override: false,
    })
    expect(providerEndpoints('linuxdo', { LINUXDO_OAUTH_BASE_URL: 'http://127.0.0.1:9/' })).toMatchObject({
      token: 'http://127.0.0.1:9/oauth2/token',
      override: true,
    })
    // The reference's names replace one LinuxDO endpoint each.
    expect(providerEndpoints('linuxdo', { LINUX_DO_USER_ENDPOINT: 'https://sso.example/api/me' })).toEqual({
      token: 'https://connect.linux.do/oauth2/token',
      user: 'https://sso.example/api/me',
      override: true,
    })
    // An override to a private, non-loopback address stays under the user policy and is refused.
    h.services.env.GITHUB_OAUTH_BASE_URL = 'http://10.0.0.1:8080'
    const round = await startState()
    const blocked = await callback('github', issueCode({ id: 5 }), round.state, round.cookie)
    expect(blocked.json).toMatchObject({ success: false, message: '无法连接到 GitHub 服务器，请稍后重试' })
    // The WeChat server address is the root's own choice, so it may be on the local network (the
    // WeChat tests below use a loopback stub); a metadata address stays refused.
    await h.services.options.set('WeChatServerAddress', 'http://169.254.169.254')
    await h.services.options.set('WeChatAuthEnabled', 'true')
    const refused = await h.request('GET', '/api/oauth/wechat?code=123456', { headers: { authorization: '' } })
    expect(refused.json).toMatchObject({ success: false, message: '无法连接到 WeChat 服务器，请稍后重试' })
  })
})

describe('WeChat', () => {
  beforeEach(async () => {
    await h.services.options.set('WeChatServerAddress', `${stub.url}/`)
    await h.services.options.set('WeChatServerToken', stub.wechatToken)
    await h.services.options.set('WeChatAuthEnabled', 'true')
  })

  it('signs in or registers wechat_<n> through the WeChat server, and binds for a signed-in user', async () => {
    stub.wechatCodes.set('111111', 'wx-open-1')
    const login = await h.request('GET', '/api/oauth/wechat?code=111111')
    expect(login.json?.data.username, login.text).toMatch(/^wechat_\d+$/)
    const call = stub.requests.findLast((r) => r.path === '/api/wechat/user')
    expect(call?.headers.authorization).toBe(stub.wechatToken)
    expect((await h.request('GET', '/api/oauth/wechat?code=999999')).json?.message).toBe('验证码错误或已过期')

    const user = await h.createUser()
    stub.wechatCodes.set('222222', 'wx-open-2')
    expect((await h.request('GET', '/api/oauth/wechat/bind?code=222222', { as: user })).json).toMatchObject({
      success: true,
      message: 'bind',
    })
    expect((await userBy('wechat_id', 'wx-open-2'))?.id).toBe(user.id)
    expect((await h.request('GET', '/api/oauth/wechat/bind?code=111111', { as: user })).json?.message).toBe(
      '该微信账号已被绑定'
    )
    expect(
      (await h.request('GET', '/api/oauth/wechat/bind?code=222222', { headers: { cookie: user.cookie } })).status
    ).toBe(401)
  })

  it('refuses when the WeChat token is wrong or WeChat sign-in is off', async () => {
    stub.wechatCodes.set('333333', 'wx-open-3')
    await h.services.options.set('WeChatServerToken', 'wrong')
    expect((await h.request('GET', '/api/oauth/wechat?code=333333')).json?.success).toBe(false)
    await h.services.options.set('WeChatAuthEnabled', 'false')
    expect((await h.request('GET', '/api/oauth/wechat?code=333333')).json?.message).toBe(
      '管理员未开启通过微信登录以及注册'
    )
  })
})

describe('Telegram', () => {
  const botToken = '123456:telegram-bot-token'
  const sign = (fields: Record<string, string>, token = botToken) => {
    const check = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('\n')
    const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex')
    return new URLSearchParams({ ...fields, hash }).toString()
  }
  const now = () => String(Math.floor(Date.now() / 1000))
  beforeEach(async () => {
    await h.services.options.set('TelegramBotToken', botToken)
    await h.services.options.set('TelegramBotName', 'gateway_bot')
    await h.services.options.set('TelegramOAuthEnabled', 'true')
  })

  it('signs in bound accounts only, and refuses bad hashes and stale or future auth dates', async () => {
    const fields = { id: '555', first_name: 'Tele', username: 'tele', auth_date: now() }
    expect((await h.request('GET', `/api/oauth/telegram/login?${sign(fields)}`)).json?.message).toBe(
      '该 Telegram 账户未绑定'
    )
    const user = await h.createUser()
    await h.services.db.updateTable('users').set({ telegram_id: '555' }).where('id', '=', user.id).execute()
    const login = await h.request('GET', `/api/oauth/telegram/login?${sign(fields)}&lang=en`)
    expect(login.json?.data.id, login.text).toBe(user.id)

    const forged = sign({ ...fields }, 'another-bot-token')
    expect((await h.request('GET', `/api/oauth/telegram/login?${forged}`)).json?.message).toBe(
      'Telegram 登录信息校验失败'
    )
    const tampered = sign(fields).replace('id=555', 'id=556')
    expect((await h.request('GET', `/api/oauth/telegram/login?${tampered}`)).json?.message).toBe(
      'Telegram 登录信息校验失败'
    )
    const stale = { ...fields, auth_date: String(Math.floor(Date.now() / 1000) - 24 * 3600) }
    expect((await h.request('GET', `/api/oauth/telegram/login?${sign(stale)}`)).json?.message).toBe(
      'Telegram 登录信息已过期，请重新登录'
    )
    const future = { ...fields, auth_date: String(Math.floor(Date.now() / 1000) + 3600) }
    expect((await h.request('GET', `/api/oauth/telegram/login?${sign(future)}`)).json?.message).toBe(
      'Telegram 登录信息已过期，请重新登录'
    )
  })

  it('binds from a page call (JSON) or the widget redirect (302 to /setting)', async () => {
    const user = await h.createUser()
    const bound = await h.request('GET', `/api/oauth/telegram/bind?${sign({ id: '700', auth_date: now() })}`, {
      as: user,
    })
    expect(bound.json).toMatchObject({ success: true, message: 'bind' })
    const other = await h.createUser()
    const redirect = await h.request('GET', `/api/oauth/telegram/bind?${sign({ id: '701', auth_date: now() })}`, {
      headers: { cookie: other.cookie },
    })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe('/setting')
    expect((await userBy('telegram_id', '701'))?.id).toBe(other.id)
    const taken = await h.request('GET', `/api/oauth/telegram/bind?${sign({ id: '700', auth_date: now() })}`, {
      as: other,
    })
    expect(taken.json?.message).toBe('该 Telegram 账户已被绑定')
    const anonymous = await h.request('GET', `/api/oauth/telegram/bind?${sign({ id: '702', auth_date: now() })}`)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toBe('/login?expired=true')
    expect(await userBy('telegram_id', '702')).toBeUndefined()
  })
})
