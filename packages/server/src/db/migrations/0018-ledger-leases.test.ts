import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../../test/harness.ts'
import { forgetMigrationsFrom } from '../../../test/kits/migrations.ts'
import { migrate } from '../migrate.ts'
import { columnsOf } from './table-shape.ts'

let h: Harness
harnessPerTest((made) => {
  h = made
})

const forget = (name: string) => forgetMigrationsFrom(h, name)
const db = () => h.services.db as unknown as Kysely<unknown>

const hold = {
  id: 'h-1',
  owner: 'gone',
  user_id: 1,
  token_id: 2,
  token_limited: 1,
  amount: 500,
  created_at: 7,
  username: 'u',
  token_name: 't',
  model_name: 'm',
  group: 'default',
  request_id: 'r-1',
}

describe('migration 0018 (ledger leases)', () => {
  it('adds kind, lease_id and seq to the holds of a database made before it, keeping its rows as request holds', async () => {
    await h.services.db.insertInto('quota_holds').values(hold).execute()
    for (const column of ['kind', 'lease_id', 'seq'])
      await sql`alter table quota_holds drop column ${sql.ref(column)}`.execute(h.services.db)
    await forget('0018-ledger-leases')
    expect(await migrate(db(), h.services.dialect, 'main')).toEqual(['0018-ledger-leases'])
    const columns = (await columnsOf(db(), h.services.dialect, 'quota_holds')).map((column) => column.name)
    expect(columns).toEqual(expect.arrayContaining(['kind', 'lease_id', 'seq']))
    const row = await h.services.db.selectFrom('quota_holds').selectAll().executeTakeFirstOrThrow()
    expect({ ...row, amount: Number(row.amount), seq: Number(row.seq), created_at: Number(row.created_at) }).toEqual({
      ...hold,
      kind: 0,
      lease_id: '',
      seq: 0,
    })
  })

  it('runs again over a table that has the columns', async () => {
    await h.services.db
      .insertInto('quota_holds')
      .values({ ...hold, kind: 1, seq: 9 })
      .execute()
    await forget('0018-ledger-leases')
    expect(await migrate(db(), h.services.dialect, 'main')).toEqual(['0018-ledger-leases'])
    const row = await h.services.db.selectFrom('quota_holds').select(['kind', 'seq']).executeTakeFirstOrThrow()
    expect({ kind: row.kind, seq: Number(row.seq) }).toEqual({ kind: 1, seq: 9 })
  })
})
