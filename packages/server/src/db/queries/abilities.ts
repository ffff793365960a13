import type { Insertable, Kysely, Selectable, Transaction } from 'kysely'
import type { DialectName } from '../dsn.ts'
import type { AbilitiesTable } from '../schema/channels.ts'
import type { Database } from '../schema/index.ts'
import { chunk } from './channels.ts'

type Db = Kysely<Database> | Transaction<Database>
export type AbilityRow = Selectable<AbilitiesTable>

/** Distinct model names served by an enabled channel in any of the given groups. */
export async function listEnabledModelsInGroups(db: Kysely<Database>, groups: string[]): Promise<string[]> {
  if (groups.length === 0) return []
  const rows = await db
    .selectFrom('abilities')
    .select('model')
    .distinct()
    .where('group', 'in', groups)
    .where('enabled', '=', true)
    .orderBy('model')
    .execute()
  return rows.map((r) => r.model)
}

/** Distinct model names that at least one enabled ability serves, in any group. */
export async function listEnabledModels(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('abilities')
    .select('model')
    .distinct()
    .where('enabled', '=', true)
    .orderBy('model')
    .execute()
  return rows.map((r) => r.model)
}

/** 200 rows x 7 columns stays far below every dialect's bound-parameter limit. */
const INSERT_CHUNK = 200

/**
 * Inserts ability rows, skipping any that already exist: MySQL's default collation treats
 * 'GPT-4' and 'gpt-4' as one key, which must not fail a whole channel save.
 */
export async function insertAbilities(db: Db, dialect: DialectName, rows: Insertable<AbilitiesTable>[]): Promise<void> {
  for (const part of chunk(rows, INSERT_CHUNK)) {
    const query = db.insertInto('abilities').values(part)
    await (dialect === 'postgres' ? query.onConflict((oc) => oc.doNothing()) : query.ignore()).execute()
  }
}

export async function deleteAbilitiesOfChannels(db: Db, channelIds: readonly number[]): Promise<void> {
  for (const part of chunk(channelIds)) await db.deleteFrom('abilities').where('channel_id', 'in', part).execute()
}

/** Removes abilities whose channel no longer exists; returns how many. */
export async function deleteOrphanAbilities(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('abilities')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('channels').select('channels.id').whereRef('channels.id', '=', 'abilities.channel_id')))
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Sets fields that abilities copy from their channel, without rebuilding them. */
export async function patchAbilities(
  db: Db,
  channelIds: readonly number[],
  changes: Partial<Pick<AbilityRow, 'tag' | 'priority' | 'weight'>> & { enabled?: boolean }
): Promise<void> {
  if (Object.keys(changes).length === 0) return
  for (const part of chunk(channelIds))
    await db.updateTable('abilities').set(changes).where('channel_id', 'in', part).execute()
}
