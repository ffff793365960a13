import type { Kysely } from 'kysely'
import type { Database } from '../schema/index.ts'

export const listOptionRows = (db: Kysely<Database>) => db.selectFrom('options').select(['key', 'value']).execute()

export async function getOptionRow(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value
}

/** Insert or replace one option; portable across the three dialects. */
export async function upsertOption(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('options').set({ value }).where('key', '=', key).executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) {
      const existing = await trx.selectFrom('options').select('key').where('key', '=', key).executeTakeFirst()
      // MySQL reports 0 changed rows when the value is unchanged, so look before inserting.
      if (!existing) await trx.insertInto('options').values({ key, value }).execute()
    }
  })
}
