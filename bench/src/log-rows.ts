import { DatabaseSync } from 'node:sqlite'

/**
 * Fills a gateway's SQLite `logs` table with a month of synthetic rows, shaped like the relay's:
 * `users` users (the first is `owner`), five models, ten channels, one top-up row in twenty.
 * Written from this process in one transaction while the gateway runs (SQLite WAL allows it).
 */
export interface LogFill {
  rows: number
  users: number
  owner: { id: number; username: string }
  now: number
}

const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-3-5-sonnet', 'gemini-1.5-pro', 'o3']
const OTHER = JSON.stringify({
  model_ratio: 2.5,
  completion_ratio: 4,
  group_ratio: 1,
  frt: 900,
  admin_info: { use_channel: [1] },
})

export function fillLogs(sqlitePath: string, fill: LogFill): number {
  const started = performance.now()
  const db = new DatabaseSync(sqlitePath)
  try {
    db.exec('PRAGMA busy_timeout = 10000')
    const insert = db.prepare(
      `INSERT INTO logs (user_id, username, created_at, type, content, token_name, model_name, quota, prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_id, "group", ip, other)
       VALUES (?, ?, ?, ?, 'model ratio 2.50', ?, ?, ?, 100, 50, ?, 0, ?, 0, ?, '', ?)`
    )
    db.exec('BEGIN')
    for (let i = 0; i < fill.rows; i++) {
      const user = i % fill.users
      insert.run(
        user === 0 ? fill.owner.id : 10_000 + user,
        user === 0 ? fill.owner.username : `user${user}`,
        fill.now - Math.floor(((fill.rows - i) / fill.rows) * 30 * 86_400),
        i % 20 === 0 ? 1 : 2,
        `token-${i % 7}`,
        MODELS[i % MODELS.length] as string,
        100 + (i % 50),
        i % 30,
        1 + (i % 10),
        i % 4 === 0 ? 'vip' : 'default',
        OTHER
      )
    }
    db.exec('COMMIT')
  } finally {
    db.close()
  }
  return performance.now() - started
}
