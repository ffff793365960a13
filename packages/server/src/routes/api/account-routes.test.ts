import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts'
import { useResetTokens } from '../../services/auth/password-reset.ts'
import { ResetTokens } from '../../services/auth/reset-tokens.ts'

let sink: SmtpSink
let h: Harness
// Creating and dropping a database per test is slow on PostgreSQL and MariaDB under load.
const HOOK_TIMEOUT = 60_000
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(async () => {
  await sink.close()
})
beforeEach(() => {
  sink.mails.length = 0
})
harnessPerTest(
  async (made) => {
    h = made
    await h.setupRoot()
    await h.services.options.set('SMTPServer', '127.0.0.1')
    await h.services.options.set('SMTPPort', String(sink.port))
    await h.services.options.set('SMTPFrom', 'gateway@example.com')
    await h.services.options.set('SMTPToken', 'smtp-canary-secret')
  },
  {},
  HOOK_TIMEOUT
)

const codeIn = (text: string) => /(\d{6})/.exec(text)?.[1] ?? ''
const linkIn = (text: string) => new URL(/(https?:\/\/\S+\/user\/reset\?\S+)/.exec(text)?.[1] ?? 'http://x/')
const verify = (email: string, extra: Record<string, string> = {}) =>
  h.request('GET', `/api/verification?${new URLSearchParams({ email, ...extra })}`)
const register = (body: Record<string, unknown>) => h.request('POST', '/api/user/register', { body })

describe('GET /api/verification and register with email verification', () => {
  it('mails a six-digit code that register requires, once', async () => {
    await h.services.options.set('EmailVerificationEnabled', 'true')
    const sent = await verify('New.Person@Example.com')
    expect(sent.json, sent.text).toMatchObject({ success: true })
    const mail = await sink.waitFor(1)
    expect(mail.to).toEqual(['new.person@example.com'])
    expect(mail.data).not.toContain('smtp-canary-secret')
    const code = codeIn(mail.text)
    expect(code).toMatch(/^\d{6}$/)

    const base = { username: 'mailer', password: 'password123', email: 'new.person@example.com' }
    expect((await register(base)).json?.message).toBe('管理员开启了邮箱验证，请输入邮箱地址和验证码')
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await register({ ...base, verification_code: wrong })).json?.message).toBe('验证码错误或已过期')
    const done = await register({ ...base, verification_code: code })
    expect(done.json, done.text).toMatchObject({ success: true })
    const row = await h.services.db
      .selectFrom('users')
      .select(['email'])
      .where('username', '=', 'mailer')
      .executeTakeFirstOrThrow()
    expect(row.email).toBe('new.person@example.com')
    // Used up: the same code does not register a second account.
    expect((await register({ ...base, username: 'mailer2', verification_code: code })).json?.success).toBe(false)
  })

  it('refuses taken, malformed, non-whitelisted and alias addresses without sending mail', async () => {
    const user = await h.createUser()
    await h.services.db.updateTable('users').set({ email: 'taken@gmail.com' }).where('id', '=', user.id).execute()
    expect((await verify('taken@gmail.com')).json).toMatchObject({ success: false, message: '邮箱地址已被占用' })
    expect((await verify('not-an-address')).json).toMatchObject({ success: false, message: '无效的邮箱地址' })
    expect((await verify('')).json?.success).toBe(false)

    await h.services.options.set('EmailDomainWhitelist', 'gmail.com,qq.com')
    await h.services.options.set('EmailDomainRestrictionEnabled', 'true')
    const outside = await h.request('GET', '/api/verification?email=a@evil.com', {
      headers: { 'accept-language': 'en' },
    })
    expect(outside.json?.message).toMatch(/not among them/)
    expect((await verify('a@gmail.com')).json?.success).toBe(true)

    await h.services.options.set('EmailAliasRestrictionEnabled', 'true')
    expect((await verify('a+spam@gmail.com')).json?.message).toBe(
      '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝'
    )
    expect((await verify('a.b@gmail.com')).json?.success).toBe(false)
    expect((await verify('ab@gmail.com')).json?.success).toBe(true)
    await sink.waitFor(2)
    expect(sink.mails.map((m) => m.to[0])).toEqual(['a@gmail.com', 'ab@gmail.com'])
  })

  it('says so when SMTP is not configured or the mail server is down', async () => {
    await h.services.options.set('SMTPServer', '')
    expect((await verify('x@gmail.com')).json?.message).toBe('SMTP 服务器未配置')
    const closed = await startSmtpSink()
    const port = closed.port
    await closed.close()
    await h.services.options.set('SMTPServer', '127.0.0.1')
    await h.services.options.set('SMTPPort', String(port))
    expect((await verify('x@gmail.com')).json).toMatchObject({ success: false, message: '发送邮件失败，请稍后重试' })
  })

  it('asks for the human check when Turnstile is on', async () => {
    await h.services.options.set('TurnstileSiteKey', 'site')
    await h.services.options.set('TurnstileSecretKey', 'secret')
    await h.services.options.set('TurnstileCheckEnabled', 'true')
    expect((await verify('x@gmail.com')).json?.message).toBe('Turnstile token 为空')
    expect((await h.request('GET', '/api/reset_password?email=x@gmail.com')).json?.message).toBe('Turnstile token 为空')
    expect(sink.mails).toHaveLength(0)
  })
})

describe('email binding', () => {
  it('binds a verified address to the signed-in user and refuses a wrong code', async () => {
    const user: TestUser = await h.createUser()
    const sent = await h.request('GET', '/api/verification?email=me@gmail.com', { as: user })
    expect(sent.json?.success, sent.text).toBe(true)
    const code = codeIn((await sink.waitFor(1)).text)
    const bad = await h.request(
      'GET',
      `/api/oauth/email/bind?email=me@gmail.com&code=${code === '000000' ? '111111' : '000000'}`,
      { as: user }
    )
    expect(bad.json).toMatchObject({ success: false, message: '验证码错误或已过期' })
    const good = await h.request('GET', `/api/oauth/email/bind?email=me@gmail.com&code=${code}`, { as: user })
    expect(good.json).toMatchObject({ success: true, message: 'bind' })
    const row = await h.services.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.email).toBe('me@gmail.com')
  })

  it('needs the New-Api-User header, so another site cannot bind with the cookie alone', async () => {
    const user = await h.createUser()
    const response = await h.request('GET', '/api/oauth/email/bind?email=me@gmail.com&code=123456', {
      headers: { cookie: user.cookie },
    })
    expect(response.status).toBe(401)
  })
})

describe('password reset', () => {
  const requestReset = (email: string) => h.request('GET', `/api/reset_password?email=${encodeURIComponent(email)}`)
  const confirm = (email: string, token: string) => h.request('POST', '/api/user/reset', { body: { email, token } })

  async function userWithEmail(email: string): Promise<TestUser> {
    const user = await h.createUser()
    await h.services.db.updateTable('users').set({ email }).where('id', '=', user.id).execute()
    return user
  }

  it('mails a link to ServerAddress, sets a new password once and ends every session', async () => {
    await h.services.options.set('ServerAddress', 'https://gw.example.com/')
    const user = await userWithEmail('reset@gmail.com')
    const asked = await requestReset('Reset@gmail.com')
    expect(asked.json, asked.text).toMatchObject({
      success: true,
      message: '如果该邮箱已注册，重置邮件已发送，请检查邮箱',
    })
    const link = linkIn((await sink.waitFor(1)).text)
    expect(link.origin + link.pathname).toBe('https://gw.example.com/user/reset')
    expect(link.searchParams.get('email')).toBe('reset@gmail.com')
    const token = link.searchParams.get('token') ?? ''
    expect(token).toMatch(/^[0-9a-f]{32}$/)

    expect((await confirm('other@gmail.com', token)).json?.message).toBe('重置链接非法或已过期')
    // The cross-email attempt burned nothing else: a fresh request gives a working link.
    await requestReset('reset@gmail.com')
    const second = linkIn((await sink.waitFor(2)).text).searchParams.get('token') ?? ''
    expect((await confirm('reset@gmail.com', token)).json?.message).toBe('重置链接非法或已过期')

    const done = await confirm('reset@gmail.com', second)
    expect(done.json?.success, done.text).toBe(true)
    const password = done.json?.data as string
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/)
    expect((await h.request('GET', '/api/user/self', { as: user })).status).toBe(401)
    await expect(h.login(user.username, user.password)).rejects.toThrow()
    await h.login(user.username, password)
    expect((await confirm('reset@gmail.com', second)).json).toMatchObject({
      success: false,
      message: '重置链接非法或已过期',
    })
  })

  it('answers the same for an unknown address and sends nothing', async () => {
    await userWithEmail('known@gmail.com')
    const unknown = await requestReset('nobody@gmail.com')
    const known = await requestReset('known@gmail.com')
    expect(unknown.status).toBe(known.status)
    expect(unknown.json).toEqual(known.json)
    await sink.waitFor(1)
    // A mail that must not come has no event to wait for: a short grace for a stray one to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sink.mails.map((m) => m.to[0])).toEqual(['known@gmail.com'])
  })

  it('lets exactly one of many concurrent confirmations through', async () => {
    await userWithEmail('race@gmail.com')
    await requestReset('race@gmail.com')
    const token = linkIn((await sink.waitFor(1)).text).searchParams.get('token') ?? ''
    const results = await Promise.all(Array.from({ length: 20 }, () => confirm('race@gmail.com', token)))
    expect(results.filter((r) => r.json?.success)).toHaveLength(1)
  })

  it('refuses an expired token', async () => {
    let now = 1_000_000
    useResetTokens(h.services, new ResetTokens({ now: () => now }))
    await userWithEmail('late@gmail.com')
    await requestReset('late@gmail.com')
    const token = linkIn((await sink.waitFor(1)).text).searchParams.get('token') ?? ''
    now += 10 * 60 * 1000
    expect((await confirm('late@gmail.com', token)).json?.message).toBe('重置链接非法或已过期')
  })

  it('rejects malformed bodies with the same message', async () => {
    expect((await confirm('', '')).json?.message).toBe('重置链接非法或已过期')
    expect((await confirm('a@gmail.com', 'x'.repeat(32))).json?.message).toBe('重置链接非法或已过期')
  })
})
