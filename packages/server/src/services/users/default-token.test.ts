import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../../test/harness.ts'

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

async function registerAlice(env: Record<string, string>, options: Record<string, string> = {}) {
  h = await createHarness({ env })
  await h.setupRoot()
  for (const [key, value] of Object.entries(options)) await h.services.options.set(key, value)
  const response = await h.request('POST', '/api/user/register', {
    body: { username: 'alice', password: 'password123', password2: 'password123' },
  })
  expect(response.json?.success).toBe(true)
  const user = await h.services.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'alice')
    .executeTakeFirstOrThrow()
  return h.services.db.selectFrom('tokens').selectAll().where('user_id', '=', user.id).execute()
}

describe('GENERATE_DEFAULT_TOKEN', () => {
  it('gives a user who registers an unlimited, never-expiring token named after them', async () => {
    const tokens = await registerAlice({ GENERATE_DEFAULT_TOKEN: 'true' })
    expect(tokens).toHaveLength(1)
    expect(tokens[0]).toMatchObject({ name: 'alice的初始令牌', expired_time: -1, group: '', status: 1 })
    expect(Boolean(tokens[0]?.unlimited_quota)).toBe(true)
    expect(Boolean(tokens[0]?.model_limits_enabled)).toBe(false)
  })

  it('puts the token in the auto group when new tokens default to it', async () => {
    const tokens = await registerAlice(
      { GENERATE_DEFAULT_TOKEN: 'true', DEFAULT_LANGUAGE: 'en' },
      { DefaultUseAutoGroup: 'true' }
    )
    expect(tokens[0]).toMatchObject({ name: "alice's initial token", group: 'auto' })
  })

  it('gives none when off (the default)', async () => {
    expect(await registerAlice({})).toHaveLength(0)
  })
})
