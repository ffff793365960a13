import { DatabaseSync } from 'node:sqlite'
import type { gatewayCaller } from './gateway-setup.ts'

type Caller = ReturnType<typeof gatewayCaller>

/** The most keys one channel create call takes (MAX_KEYS_PER_CREATE on the server). */
const KEYS_PER_CALL = 1000

/**
 * Channels through the console API, a thousand keys per call (one channel per key line), in
 * batches named `perf-channel-<n>`; every third batch also serves the `vip` group, every tenth is tagged.
 */
export async function fillChannels(call: Caller, auth: Record<string, string>, count: number): Promise<number> {
  const started = performance.now()
  for (let batch = 0; batch * KEYS_PER_CALL < count; batch++) {
    const keys = Array.from(
      { length: Math.min(KEYS_PER_CALL, count - batch * KEYS_PER_CALL) },
      (_, i) => `sk-perf-${batch}-${i}`
    )
    await call(
      'POST',
      '/api/channel/',
      {
        type: 1,
        name: `perf-channel-${batch}`,
        key: keys.join('\n'),
        base_url: 'http://127.0.0.1:8000',
        private_network: 1,
        models: 'gpt-4o,gpt-4o-mini',
        group: batch % 3 === 0 ? 'default,vip' : 'default',
        priority: batch % 7,
        ...(batch % 10 === 0 ? { tag: `tag-${batch}` } : {}),
      },
      auth
    )
  }
  return performance.now() - started
}

/**
 * Tokens of one user: one created through the API, then `count` rows written straight into SQLite
 * with distinct lookup hashes and that token's ciphertext (the list decrypts every key for its
 * owner, so the copies cost what real keys cost). One in a hundred is soft-deleted.
 */
export async function fillTokens(
  call: Caller,
  auth: Record<string, string>,
  sqlitePath: string,
  userId: number,
  count: number
): Promise<number> {
  const started = performance.now()
  await call(
    'POST',
    '/api/token/',
    { name: 'token-template', remain_quota: 0, unlimited_quota: true, expired_time: -1 },
    auth
  )
  const db = new DatabaseSync(sqlitePath)
  try {
    db.exec('PRAGMA busy_timeout = 10000')
    const template = db.prepare(`SELECT key_ciphertext FROM tokens WHERE name = 'token-template'`).get() as {
      key_ciphertext: string
    }
    const now = Math.floor(Date.now() / 1000)
    const insert = db.prepare(
      `INSERT INTO tokens (user_id, key, key_ciphertext, name, created_time, accessed_time, expired_time, unlimited_quota, model_limits_enabled, deleted_at)
       VALUES (?, ?, ?, ?, ?, ?, -1, 1, 0, ?)`
    )
    db.exec('BEGIN')
    for (let i = 0; i < count; i++)
      insert.run(
        userId,
        `perf-lookup-hash-${i}`,
        template.key_ciphertext,
        `token-${i}`,
        now,
        now,
        i % 100 === 0 ? now : null
      )
    db.exec('COMMIT')
  } finally {
    db.close()
  }
  return performance.now() - started
}
