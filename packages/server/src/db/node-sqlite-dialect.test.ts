import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createNodeSqliteDialect } from './node-sqlite-dialect.ts'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('Kysely transactions on node:sqlite', () => {
  it('take the write lock when they begin, so another process cannot write between their read and their write', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-begin-'))
    const path = join(dir, 'db.sqlite')
    const { dialect, database } = createNodeSqliteDialect(path)
    const db = new Kysely<{ t: { n: number } }>({ dialect })
    await sql`CREATE TABLE t (n INTEGER)`.execute(db)
    // Another connection to the file (as another worker process has), which does not wait for locks.
    const other = new DatabaseSync(path)
    other.exec('PRAGMA busy_timeout = 0')
    let otherWrite: string | undefined
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('t').selectAll().execute()
      try {
        other.exec('INSERT INTO t (n) VALUES (1)')
        otherWrite = 'written'
      } catch (error) {
        otherWrite = (error as Error).message
      }
      await trx.insertInto('t').values({ n: 2 }).execute()
    })
    expect(otherWrite).toMatch(/locked|busy/i)
    expect((await db.selectFrom('t').select('n').execute()).map((row) => row.n)).toEqual([2])
    other.close()
    database.close()
  })
})
