import type { Insertable, Kysely } from 'kysely'
import type { Database } from '../schema/index.ts'
import type { LogsTable } from '../schema/logs.ts'

export async function insertLog(db: Kysely<Database>, log: Insertable<LogsTable>): Promise<void> {
  await db.insertInto('logs').values(log).execute()
}
