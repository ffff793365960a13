import bcrypt from 'bcryptjs'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHarness, expectRefused, type Harness, type TestUser } from '../../../test/harness.ts'

// Counts bcrypt verifications: the lockout's promise is about how many guesses get checked at all.
// verifyPassword makes exactly one bcrypt.compare per check (against the dummy hash for an unknown
// name), so the spy counts checks. A spy on the shared bcryptjs object rather than vi.mock of
// password.ts: the server project does not isolate files, and a module another file of the same
// worker already loaded cannot be mocked any more.
const compare = vi.spyOn(bcrypt, 'compare')
const verifications = {
  get count() {
    return compare.mock.calls.length
  },
}

const LOCKED = '登录失败次数过多，请稍后再试'
let h: Harness
let user: TestUser
const login = (username: string, password: string) =>
  h.request('POST', '/api/user/login', { body: { username, password } })
const changePassword = (body: Record<string, unknown>) => h.request('PUT', '/api/user/self', { as: user, body })
const storedHash = async () =>
  (await h.services.db.selectFrom('users').select('password').where('id', '=', user.id).executeTakeFirstOrThrow())
    .password

async function start(window = 900) {
  h = await createHarness({ rateLimits: { loginFailures: { points: 10, durationSeconds: window } } })
  user = await h.createUser()
  compare.mockClear()
}
afterEach(async () => {
  await h.close()
})
afterAll(() => {
  compare.mockRestore()
})

describe('login lockout', () => {
  beforeEach(() => start())

  it('checks at most ten of 100 parallel guesses; every other answer is the lockout, and so is the right password then', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(user.username, `wrong-guess-${i}`)))
    expect(verifications.count).toBe(10)
    const outcomes = answers.map((answer) => `${answer.status} ${answer.json?.code}`)
    expect(outcomes.filter((outcome) => outcome === '200 DENIED')).toHaveLength(10)
    expect(outcomes.filter((outcome) => outcome === '429 RATE_LIMITED')).toHaveLength(90)
    for (const answer of answers.filter((a) => a.status === 429)) expect(answer.json?.message).toBe(LOCKED)

    const right = await login(user.username, user.password)
    expect(right.status).toBe(429)
    expect(right.json?.message).toBe(LOCKED)
    expect(right.headers.get('set-cookie')).toBeNull()
    expect(verifications.count).toBe(10)
  })

  it('draws on one allowance whether the account is named by username or by email', async () => {
    await h.services.db.updateTable('users').set({ email: 'someone@example.com' }).where('id', '=', user.id).execute()
    for (let i = 0; i < 10; i++)
      expectRefused(await login(i % 2 ? 'someone@example.com' : user.username, `wrong-${i}`), 'DENIED')
    expect((await login('someone@example.com', user.password)).status).toBe(429)
    expect((await login(user.username, user.password)).status).toBe(429)
  })

  it('clears the count on a right password, and counts unknown names too', async () => {
    for (let i = 0; i < 9; i++) await login(user.username, `wrong-${i}`)
    expect((await login(user.username, user.password)).status).toBe(200)
    for (let i = 0; i < 9; i++) expectRefused(await login(user.username, `wrong-again-${i}`), 'DENIED')
    for (let i = 0; i < 10; i++) expectRefused(await login('nobody-here', `guess-${i}`), 'DENIED')
    expect((await login('nobody-here', 'guess')).status).toBe(429)
  })
})

describe('login lockout window', () => {
  // Long enough for the 20 guesses below to land inside it on a busy machine (they take milliseconds).
  const WINDOW_SECONDS = 3
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

  it('needs the current password: none is a bad request, a wrong one refused, and neither changes anything', async () => {
    const before = await storedHash()
    const missing = await changePassword({ password: 'newpassword1', username: 'renamed1' })
    expectRefused(missing, 'BAD_REQUEST')
    expect(missing.json?.message).toBe('请输入原密码')
    const empty = await changePassword({ password: 'newpassword1', original_password: '' })
    expectRefused(empty, 'BAD_REQUEST')
    const wrong = await changePassword({
      password: 'newpassword1',
      original_password: 'not-my-password',
      username: 'renamed1',
    })
    expectRefused(wrong, 'DENIED')
    expect(wrong.json?.message).toBe('原密码错误')
    expect(await storedHash()).toBe(before)
    const row = await h.services.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.username).toBe(user.username)
    expectRefused(await login(user.username, 'newpassword1'), 'DENIED')

    const right = await changePassword({ password: 'newpassword1', original_password: user.password })
    expect(right.json?.success).toBe(true)
    expect((await login(user.username, 'newpassword1')).status).toBe(200)
  })

  it('counts a wrong current password as a failed sign-in of the account', async () => {
    for (let i = 0; i < 10; i++)
      expectRefused(await changePassword({ password: 'newpassword1', original_password: `wrong-${i}` }), 'DENIED')
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
    expectRefused(await changePassword({ password: 'secondpassword1' }), 'BAD_REQUEST')
  })
})
