import { startMockUpstream, type MockUpstream } from '@gateway/bench/mock-upstream'
import { USER_ID_HEADER } from '@gateway/shared'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness, type TestUser } from '../../../test/harness.ts'
import { addChannel } from '../../../test/relay-fixtures.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { openDatabase } from '../../db/client.ts'
import { parseDsn } from '../../db/dsn.ts'
import { getMoveOverState, MOVE_OVER_OPTION, MOVE_OVER_PENDING } from '../../db/queries/takeover.ts'
import { insertUser } from '../../db/queries/users.ts'
import { randomAlphanumeric, sha256Hex } from '../../lib/crypto.ts'
import { nowSeconds } from '../../lib/time.ts'
import { hashPassword } from '../users/password.ts'
import { convertRawSecrets } from './convert-raw-secrets.ts'
import { completeMoveOver, noteReferenceDatabase } from './move-over.ts'

let mock: MockUpstream
let h: Harness
let root: TestUser

beforeAll(async () => {
  mock = await startMockUpstream()
})
afterAll(async () => {
  await mock.stop()
})
harnessPerTest(async (made) => {
  h = made
  root = await h.setupRoot()
})

interface ReferenceRows {
  userId: number
  accessToken: string
  tokenKey: string
  tokenId: number
  channelId: number
  channelKey: string
  totpSecret: string
}

/** Rows as the reference system writes them: keys, access token, channel key and TOTP secret raw. */
async function insertReferenceRows(): Promise<ReferenceRows> {
  const { db, dialect } = h.services
  const accessToken = randomAlphanumeric(30)
  const userId = await insertUser(db, dialect, {
    username: 'olduser',
    password: await hashPassword('oldpassword'),
    quota: 1_000_000,
    access_token: accessToken,
  })
  const tokenKey = randomAlphanumeric(48)
  await db
    .insertInto('tokens')
    .values({
      user_id: userId,
      key: tokenKey,
      key_ciphertext: '',
      name: 'old',
      unlimited_quota: true,
      model_limits_enabled: false,
      created_time: nowSeconds(),
    })
    .execute()
  const token = await db.selectFrom('tokens').select('id').where('key', '=', tokenKey).executeTakeFirstOrThrow()
  const channelKey = 'sk-upstream-old-key'
  const channelId = await addChannel(h, { baseUrl: mock.url, key: channelKey })
  await db.updateTable('channels').set({ key: channelKey }).where('id', '=', channelId).execute()
  const totpSecret = 'JBSWY3DPEHPK3PXP'
  await db
    .insertInto('two_fas')
    .values({ user_id: userId, secret: totpSecret, is_enabled: false, created_at: new Date(), updated_at: new Date() })
    .execute()
  await h.services.changes.publish({ kind: 'channels' })
  return { userId, accessToken, tokenKey, tokenId: token.id, channelId, channelKey, totpSecret }
}

const chat = (key: string) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    headers: { authorization: `Bearer ${key}` },
  })

const self = (accessToken: string, userId: number) =>
  h.request('GET', '/api/user/self', { headers: { authorization: accessToken, [USER_ID_HEADER]: String(userId) } })

const capturingLogger = () => {
  const lines: { msg: string; [key: string]: unknown }[] = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  return { logger, lines }
}

describe('keys stored raw by the reference', () => {
  it('are accepted before they are converted (an instance that serves before the master converts)', async () => {
    const old = await insertReferenceRows()
    expect((await chat(`sk-${old.tokenKey}`)).status).toBe(200)
    const response = await self(old.accessToken, old.userId)
    expect(response.json?.success).toBe(true)
    expect(response.json?.data.username).toBe('olduser')
    // the channel's raw key went upstream as it was
    expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${old.channelKey}`)
  })

  it('are converted to our storage once, and keep working unchanged', async () => {
    const old = await insertReferenceRows()
    const { db, secrets } = h.services
    expect(await convertRawSecrets(db, secrets)).toEqual({
      tokenKeys: 1,
      accessTokens: 1,
      channelKeys: 1,
      twoFactorSecrets: 1,
    })

    const token = await db.selectFrom('tokens').selectAll().where('id', '=', old.tokenId).executeTakeFirstOrThrow()
    expect(token.key).toBe(secrets.lookupHash(old.tokenKey))
    expect(secrets.decrypt(token.key_ciphertext)).toBe(old.tokenKey)
    const user = await db.selectFrom('users').selectAll().where('id', '=', old.userId).executeTakeFirstOrThrow()
    expect(user.access_token).toBe(sha256Hex(old.accessToken))
    expect(secrets.decrypt(String(user.access_token_ciphertext))).toBe(old.accessToken)
    const channel = await db
      .selectFrom('channels')
      .select('key')
      .where('id', '=', old.channelId)
      .executeTakeFirstOrThrow()
    expect(secrets.isEncrypted(channel.key)).toBe(true)
    expect(secrets.decrypt(channel.key)).toBe(old.channelKey)
    const factor = await db
      .selectFrom('two_fas')
      .select('secret')
      .where('user_id', '=', old.userId)
      .executeTakeFirstOrThrow()
    expect(secrets.decrypt(factor.secret)).toBe(old.totpSecret)
    expect(secrets.isEncrypted(factor.secret)).toBe(true)

    await h.services.changes.publish({ kind: 'channels' })
    expect((await chat(`sk-${old.tokenKey}`)).status).toBe(200)
    expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${old.channelKey}`)
    expect((await self(old.accessToken, old.userId)).json?.success).toBe(true)
    // the console shows the same key the user has been using
    const key = await h.request('POST', `/api/token/${old.tokenId}/key`, { as: await asUser(old.userId) })
    expect(key.json?.data.key).toBe(old.tokenKey)

    expect(await convertRawSecrets(db, secrets)).toEqual({
      tokenKeys: 0,
      accessTokens: 0,
      channelKeys: 0,
      twoFactorSecrets: 0,
    })
  })

  it('cannot be replaced by the stored hashes once converted', async () => {
    const old = await insertReferenceRows()
    const { db, secrets } = h.services
    await convertRawSecrets(db, secrets)
    const token = await db.selectFrom('tokens').select('key').where('id', '=', old.tokenId).executeTakeFirstOrThrow()
    expect((await chat(`sk-${token.key}`)).status).toBe(401)
    const user = await db
      .selectFrom('users')
      .select('access_token')
      .where('id', '=', old.userId)
      .executeTakeFirstOrThrow()
    expect((await self(String(user.access_token), old.userId)).status).toBe(401)
  })

  it('are converted once by runs that overlap, in batches', async () => {
    const { db, secrets } = h.services
    const keys = Array.from({ length: 7 }, () => randomAlphanumeric(48))
    for (const key of keys) {
      await db
        .insertInto('tokens')
        .values({
          user_id: root.id,
          key,
          key_ciphertext: '',
          name: 'k',
          unlimited_quota: true,
          model_limits_enabled: false,
        })
        .execute()
    }
    const [a, b] = await Promise.all([convertRawSecrets(db, secrets, 2), convertRawSecrets(db, secrets, 3)])
    expect(a.tokenKeys + b.tokenKeys).toBe(7)
    const rows = await db
      .selectFrom('tokens')
      .select(['key', 'key_ciphertext'])
      .where('name', '=', 'k')
      .orderBy('id')
      .execute()
    expect(rows.map((row) => secrets.decrypt(row.key_ciphertext))).toEqual(keys)
    expect(rows.map((row) => row.key)).toEqual(keys.map((key) => secrets.lookupHash(key)))
  })

  it('leave our own rows alone: hashed access tokens made before ciphertexts were kept, encrypted keys', async () => {
    const { db, secrets } = h.services
    const hashOnly = sha256Hex('a-token-of-ours-made-earlier-xyz')
    await insertUser(db, h.services.dialect, { username: 'native', password: 'x', access_token: hashOnly })
    await addChannel(h, { baseUrl: mock.url })
    expect(await convertRawSecrets(db, secrets)).toEqual({
      tokenKeys: 0,
      accessTokens: 0,
      channelKeys: 0,
      twoFactorSecrets: 0,
    })
    const user = await db
      .selectFrom('users')
      .select('access_token')
      .where('username', '=', 'native')
      .executeTakeFirstOrThrow()
    expect(user.access_token).toBe(hashOnly)
  })
})

describe('the start summary', () => {
  it('is printed once, on the start that completes a takeover, and recorded', async () => {
    await insertReferenceRows()
    const { db, logDb, secrets } = h.services
    await db.insertInto('options').values({ key: MOVE_OVER_OPTION, value: MOVE_OVER_PENDING }).execute()
    const first = capturingLogger()
    await completeMoveOver({ db, logDb, secrets, logger: first.logger })
    const summaries = first.lines.filter((line) => line.msg.startsWith('moved over:'))
    expect(summaries).toHaveLength(1)
    expect(summaries[0]?.msg).toMatch(
      /^moved over: 2 users, 1 tokens, 1 channels, 1 abilities, 0 redemptions, 0 top-ups, 0 logs, /
    )
    expect(first.lines.some((line) => line.msg === 'converted keys stored raw by the reference system')).toBe(true)
    const record = JSON.parse(String(await getMoveOverState(db))) as Record<string, number>
    expect(record.users).toBe(2)
    expect(record.at).toBeGreaterThan(0)

    const second = capturingLogger()
    await completeMoveOver({ db, logDb, secrets, logger: second.logger })
    expect(second.lines).toEqual([])
  })

  it('is not printed on a database that was always ours', async () => {
    const { db, logDb, secrets } = h.services
    const run = capturingLogger()
    await completeMoveOver({ db, logDb, secrets, logger: run.logger })
    expect(run.lines).toEqual([])
    expect(await getMoveOverState(db)).toBeUndefined()
  })
})

describe('noting a reference database before migrating', () => {
  it('marks one that has the reference tables and none of our migration records', async () => {
    const database = await createTestDatabase()
    const handle = await openDatabase(parseDsn(database.dsn, database.sqlitePath))
    try {
      expect(await noteReferenceDatabase(handle.db, handle.dialect)).toBe(false)
      await handle.db.schema.createTable('users').addColumn('id', 'integer').execute()
      await handle.db.schema
        .createTable('options')
        .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('value', 'text')
        .execute()
      expect(await noteReferenceDatabase(handle.db, handle.dialect)).toBe(true)
      // twice (two instances starting at once) is the same as once
      expect(await noteReferenceDatabase(handle.db, handle.dialect)).toBe(true)
      expect(await getMoveOverState(handle.db)).toBe(MOVE_OVER_PENDING)
    } finally {
      await handle.close()
      await database.drop()
    }
  })

  it('leaves a database of ours alone', async () => {
    expect(await noteReferenceDatabase(h.services.db, h.services.dialect)).toBe(false)
    expect(await getMoveOverState(h.services.db)).toBeUndefined()
  })
})

async function asUser(userId: number): Promise<TestUser> {
  const { cookie } = await h.login('olduser', 'oldpassword')
  return { id: userId, username: 'olduser', password: 'oldpassword', role: 1, cookie }
}
