import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../schema/index.ts'

type Db = Kysely<Database> | Transaction<Database>

export async function hasSetupRow(db: Db): Promise<boolean> {
  return (await db.selectFrom('setups').select('id').executeTakeFirst()) !== undefined
}

/** The fixed id makes a second, concurrent setup fail on the primary key instead of creating a second root. */
export async function insertSetupRow(db: Db, version: string, initializedAt: number): Promise<void> {
  await db
    .insertInto('setups')
    .values({ id: 1, version, initialized_at: initializedAt } as never)
    .execute()
}
