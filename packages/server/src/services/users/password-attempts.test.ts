import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../../test/harness.ts'

// Counts bcrypt verifications: the lockout's promise is about how many guesses get checked at all.
const verifications = vi.hoisted(() => ({ count: 0 }))
vi.mock('./password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password.ts')>()
  return {
    ...original,
    verifyPassword: (password: string, hash: string | undefined) => {
      verifications.count += 1
      return original.verifyPassword(password, hash)
    },
  }
})

const LOCKED = '登录失败次数过多，请稍后再试'
let h: Harness
let user: TestUser
const login = (username: string, password: string) => h.request('POST', '/api/user/login', { body: { username, password } })
const changePassword = (body: Record<string, unknown>) => h.request('PUT', '/api/user/self', { as: user, body })
const storedHash = async () =>
  (await h.services.db.selectFrom('users').select('password').where('id', '=', user.id).executeTakeFirstOrThrow()).password

async function start(window = 900) {
  h = await createHarness({ rateLimits: { loginFailures: { points: 10, durationSeconds: window } } })
  user = await h.createUser()
  verifications.count = 0
}
afterEach(async () => {
  await h.close()
})

describe('login lockout', () => {
  beforeEach(() => start())

  it('checks at most ten of 100 parallel guesses; every other answer is the lockout, and so is the right password then', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(user.username, `wrong-guess-${i}`)))
    expect(verifications.count).toBe(10)
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 403)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(90)
    for (const answer of answers.filter((a) => a.status === 429)) expect(answer.json?.message).toBe(LOCKED)

    const right = await login(user.username, user.password)
    expect(right.status).toBe(429)
    expect(right.json?.message).toBe(LOCKED)
    expect(right.headers.get('set-cookie')).toBeNull()
    expect(verifications.count).toBe(10)
  })

  it('draws on one allowance whether the account is named by username or by email', async () => {
    await h.services.db.updateTable('users').set({ email: 'someone@example.com' }).where('id', '=', user.id).execute()
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? 'someone@example.com' : user.username, `wrong-${i}`)).status).toBe(403)
    expect((await login('someone@example.com', user.password)).status).toBe(429)
    expect((await login(user.username, user.password)).status).toBe(429)
  })

  it('clears the count on a right password, and counts unknown names too', async () => {
    for (let i = 0; i < 9; i++) await login(user.username, `wrong-${i}`)
    expect((await login(user.username, user.password)).status).toBe(200)
    for (let i = 0; i < 9; i++) expect((await login(user.username, `wrong-again-${i}`)).status).toBe(403)
    for (let i = 0; i < 10; i++) expect((await login('nobody-here', `guess-${i}`)).status).toBe(403)
    expect((await login('nobody-here', 'guess')).status).toBe(429)
  })
})

describe('login lockout window', () => {
  const WINDOW_SECONDS = 5
  beforeEach(() => start(WINDOW_SECONDS))

  it('lets the right password in again once the window has passed', async () => {
    const started = Date.now()
    await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.username, `wrong-${i}`)))
    expect(verifications.count).toBe(10)
    expect((await login(user.username, user.password)).status).toBe(429)
    await new Promise((resolve) => setTimeout(resolve, started + WINDOW_SECONDS * 1000 + 200 - Date.now()))
    expect((await login(user.username, user.password)).status).toBe(200)
  })
})

describe('changing the password (PUT /api/user/self)', () => {
  beforeEach(() => start())

  it('needs the current password: none is a 400, a wrong one a 403, and neither changes anything', async () => {
    const before = await storedHash()
    const missing = await changePassword({ password: 'newpassword1', username: 'renamed1' })
    expect(missing.status).toBe(400)
    expect(missing.json?.message).toBe('请输入原密码')
    const empty = await changePassword({ password: 'newpassword1', original_password: '' })
    expect(empty.status).toBe(400)
    const wrong = await changePassword({ password: 'newpassword1', original_password: 'not-my-password', username: 'renamed1' })
    expect(wrong.status).toBe(403)
    expect(wrong.json?.message).toBe('原密码错误')
    expect(await storedHash()).toBe(before)
    const row = await h.services.db.selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(row.username).toBe(user.username)
    expect((await login(user.username, 'newpassword1')).status).toBe(403)

    const right = await changePassword({ password: 'newpassword1', original_password: user.password })
    expect(right.json?.success).toBe(true)
    expect((await login(user.username, 'newpassword1')).status).toBe(200)
  })

  it('counts a wrong current password as a failed sign-in of the account', async () => {
    for (let i = 0; i < 10; i++) expect((await changePassword({ password: 'newpassword1', original_password: `wrong-${i}` })).status).toBe(403)
    expect(verifications.count).toBe(10)
    const locked = await changePassword({ password: 'newpassword1', original_password: user.password })
    expect(locked.status).toBe(429)
    expect(locked.json?.message).toBe(LOCKED)
    expect((await login(user.username, user.password)).status).toBe(429)
    expect(verifications.count).toBe(10)
  })

  it('lets an account made through OAuth, which has no password, set its first without one', async () => {
    await h.services.db.updateTable('users').set({ password: '' }).where('id', '=', user.id).execute()
    expect((await changePassword({ password: 'firstpassword1' })).json?.success).toBe(true)
    expect((await login(user.username, 'firstpassword1')).status).toBe(200)
    // From then on it has one, and must give it.
    expect((await changePassword({ password: 'secondpassword1' })).status).toBe(400)
  })
})
