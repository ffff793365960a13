import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { USER_ID_HEADER } from '@gateway/shared'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../../test/harness.ts'
import { addChannel } from '../../../test/relay-fixtures.ts'
import { getMoveOverState, MOVE_OVER_OPTION } from '../../db/queries/takeover.ts'
import { insertUser } from '../../db/queries/users.ts'
import { randomAlphanumeric, sha256Hex } from '../../lib/crypto.ts'
import { SecretBox } from '../../lib/secrets.ts'
import { nowSeconds } from '../../lib/time.ts'
import { hashPassword } from '../users/password.ts'
import { convertRawSecrets } from './convert-raw-secrets.ts'
import { moveBack } from './move-back.ts'
import { noteReferenceDatabase } from './move-over.ts'

const CLI = fileURLToPath(new URL('../../move-back.ts', import.meta.url))

let mock: MockUpstream
let h: Harness
let root: TestUser
let dir: string

beforeAll(async () => {
  mock = await startMockUpstream()
})
afterAll(async () => {
  await mock.stop()
})
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'move-back-'))
  // A file, so that the script's own process can open the same SQLite database.
  h = await createHarness({ env: { SQLITE_PATH: join(dir, 'gateway.db') } })
  root = await h.setupRoot()
})
afterEach(async () => {
  await h.close()
  rmSync(dir, { recursive: true, force: true })
})

interface Fixture {
  oldUserId: number
  oldAccessToken: string
  oldKey: string
  newKey: string
  rootAccessToken: string
  channelId: number
  channelKey: string
  totpSecret: string
}

/**
 * A database as it is after some time here: rows taken over from the reference (converted at
 * start), a token and an access token made here, an account whose access token predates kept
 * ciphertexts, and an encrypted TOTP secret.
 */
async function usedDatabase(): Promise<Fixture> {
  const { db, dialect, secrets } = h.services
  const oldAccessToken = randomAlphanumeric(31)
  const oldUserId = await insertUser(db, dialect, {
    username: 'olduser',
    password: await hashPassword('oldpassword'),
    quota: 1_000_000,
    access_token: oldAccessToken,
  })
  const oldKey = randomAlphanumeric(48)
  await db
    .insertInto('tokens')
    .values({
      user_id: oldUserId,
      key: oldKey,
      key_ciphertext: '',
      name: 'old',
      unlimited_quota: true,
      model_limits_enabled: false,
      created_time: nowSeconds(),
    })
    .execute()
  const channelKey = 'sk-upstream-old-key'
  const channelId = await addChannel(h, { baseUrl: mock.url, key: channelKey })
  await db.updateTable('channels').set({ key: channelKey }).where('id', '=', channelId).execute()
  await convertRawSecrets(db, secrets)

  const created = await h.request('POST', '/api/token/', {
    as: root,
    body: { name: 'made here', unlimited_quota: true, expired_time: -1 },
  })
  expect(created.json?.success).toBe(true)
  const newTokenRow = await db
    .selectFrom('tokens')
    .select('id')
    .where('name', '=', 'made here')
    .executeTakeFirstOrThrow()
  const newKey = (await h.request('POST', `/api/token/${newTokenRow.id}/key`, { as: root })).json?.data.key as string
  expect(newKey).toMatch(/^[0-9A-Za-z]{48}$/)
  const rootAccessToken = (await h.request('GET', '/api/user/token', { as: root })).json?.data as string
  expect(rootAccessToken).toMatch(/^[0-9A-Za-z]{32}$/)
  await insertUser(db, dialect, {
    username: 'hashonly',
    password: 'x',
    access_token: sha256Hex('made-here-before-ciphertexts'),
  })
  const totpSecret = 'JBSWY3DPEHPK3PXP'
  await db
    .insertInto('two_fas')
    .values({
      user_id: oldUserId,
      secret: secrets.encrypt(totpSecret),
      is_enabled: true,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute()
  await db.insertInto('options').values({ key: MOVE_OVER_OPTION, value: '{"at":1}' }).execute()
  return { oldUserId, oldAccessToken, oldKey, newKey, rootAccessToken, channelId, channelKey, totpSecret }
}

/** What the reference reads: every key raw, nothing of ours in the way. */
async function expectReferenceShape(f: Fixture): Promise<void> {
  const { db } = h.services
  const tokens = await db.selectFrom('tokens').select(['name', 'key', 'key_ciphertext']).orderBy('id').execute()
  expect(tokens.map((t) => [t.name, t.key, t.key_ciphertext])).toEqual([
    ['old', f.oldKey, ''],
    ['made here', f.newKey, ''],
  ])
  const users = await db
    .selectFrom('users')
    .select(['username', 'access_token', 'access_token_ciphertext'])
    .orderBy('id')
    .execute()
  expect(users.map((u) => [u.username, u.access_token, u.access_token_ciphertext ?? null])).toEqual([
    ['root', f.rootAccessToken, null],
    ['olduser', f.oldAccessToken, null],
    ['hashonly', null, null],
  ])
  expect(
    (await db.selectFrom('channels').select('key').where('id', '=', f.channelId).executeTakeFirstOrThrow()).key
  ).toBe(f.channelKey)
  expect((await db.selectFrom('two_fas').select('secret').executeTakeFirstOrThrow()).secret).toBe(f.totpSecret)
  expect(await getMoveOverState(db)).toBeUndefined()
}

const chat = (key: string) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    headers: { authorization: `Bearer ${key}` },
  })

describe('moving back to the reference', () => {
  it('writes every key back raw, and a second takeover makes them work here again', async () => {
    const f = await usedDatabase()
    const { db, secrets } = h.services
    expect(await moveBack(db, h.services.dialect, secrets)).toEqual({
      tokenKeys: 2,
      accessTokens: 2,
      accessTokensCleared: 1,
      channelKeys: 1,
      twoFactorSecrets: 1,
    })
    await expectReferenceShape(f)
    // our next start on it is a takeover again
    expect(await noteReferenceDatabase(db, h.services.dialect)).toBe(true)
    // a second run finds nothing left to write
    expect(await moveBack(db, h.services.dialect, secrets)).toEqual({
      tokenKeys: 0,
      accessTokens: 0,
      accessTokensCleared: 0,
      channelKeys: 0,
      twoFactorSecrets: 0,
    })

    expect(await convertRawSecrets(db, secrets)).toEqual({
      tokenKeys: 2,
      accessTokens: 2,
      channelKeys: 1,
      twoFactorSecrets: 1,
    })
    await h.services.changes.publish({ kind: 'resync' })
    for (const key of [`sk-${f.oldKey}`, `sk-${f.newKey}`]) expect((await chat(key)).status).toBe(200)
    expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${f.channelKey}`)
    for (const [token, id] of [
      [f.rootAccessToken, root.id],
      [f.oldAccessToken, f.oldUserId],
    ] as const) {
      const self = await h.request('GET', '/api/user/self', {
        headers: { authorization: token, [USER_ID_HEADER]: String(id) },
      })
      expect(self.json?.success).toBe(true)
    }
  })

  it('changes nothing when CRYPTO_SECRET is not the one the keys were encrypted with', async () => {
    await usedDatabase()
    const { db } = h.services
    const before = await db.selectFrom('tokens').select(['key', 'key_ciphertext']).orderBy('id').execute()
    await expect(moveBack(db, h.services.dialect, new SecretBox('another-secret'))).rejects.toThrow(/CRYPTO_SECRET/)
    expect(await db.selectFrom('tokens').select(['key', 'key_ciphertext']).orderBy('id').execute()).toEqual(before)
  })

  it('runs as a script of the server package', async () => {
    const f = await usedDatabase()
    const env = {
      PATH: process.env.PATH,
      SQLITE_PATH: join(dir, 'gateway.db'),
      SQL_DSN: h.services.env.SQL_DSN ?? '',
      CRYPTO_SECRET: 'test-crypto-secret',
      LOG_LEVEL: 'info',
    }
    const wrong = spawnSync(process.execPath, [CLI], {
      env: { ...env, CRYPTO_SECRET: 'not-it' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(wrong.status).toBe(1)
    expect(wrong.stderr).toContain('CRYPTO_SECRET does not decrypt the stored keys')

    const run = spawnSync(process.execPath, [CLI], { env, encoding: 'utf8', timeout: 60_000 })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain(
      'moved back: 2 token keys, 2 access tokens, 1 channel keys, 1 2FA secrets written back raw; 1 access tokens without a ciphertext cleared'
    )
    await expectReferenceShape(f)
  })
})
