import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../../test/harness.ts'
import { forgetMigrationsFrom } from '../../../test/kits/migrations.ts'
import { migrate } from '../migrate.ts'
import { columnsOf, indexExists } from './table-shape.ts'

let h: Harness
harnessPerTest((made) => {
  h = made
})

const forget = (name: string) => forgetMigrationsFrom(h, name)
const db = () => h.services.db as unknown as Kysely<unknown>

describe('migration 0017 (stored_responses)', () => {
  it('creates the table and its created_at index on a database made before it', async () => {
    await sql`drop table stored_responses`.execute(h.services.db)
    await forget('0017-stored-responses')
    expect((await migrate(db(), h.services.dialect, 'main')).slice(0, 1)).toEqual(['0017-stored-responses'])
    const columns = await columnsOf(db(), h.services.dialect, 'stored_responses')
    expect(columns.map((column) => column.name).sort()).toEqual([
      'created_at',
      'id',
      'instructions',
      'messages',
      'model',
      'token_id',
      'user_id',
    ])
    // MySQL's TEXT stops at 64 KiB; a stored conversation may be up to 1 MiB.
    const messages = columns.find((column) => column.name === 'messages')
    expect(messages?.type).toBe(h.services.dialect === 'mysql' ? 'mediumtext' : 'text')
    expect(await indexExists(db(), h.services.dialect, 'stored_responses', 'idx_stored_responses_created_at')).toBe(
      true
    )
  })

  it('runs again over an existing table without touching its rows', async () => {
    const big = 'x'.repeat(200_000)
    await h.services.db
      .insertInto('stored_responses')
      .values({
        id: 'resp_kept',
        user_id: 1,
        token_id: 2,
        model: 'm',
        instructions: '',
        messages: JSON.stringify([{ role: 'user', content: big }]),
        created_at: 5,
      })
      .execute()
    await forget('0017-stored-responses')
    expect((await migrate(db(), h.services.dialect, 'main')).slice(0, 1)).toEqual(['0017-stored-responses'])
    const row = await h.services.db.selectFrom('stored_responses').selectAll().executeTakeFirstOrThrow()
    expect({ ...row, created_at: Number(row.created_at) }).toEqual({
      id: 'resp_kept',
      user_id: 1,
      token_id: 2,
      model: 'm',
      instructions: '',
      messages: JSON.stringify([{ role: 'user', content: big }]),
      created_at: 5,
    })
  })
})
