import type { Kysely } from 'kysely'
import type { Database } from '../schema/index.ts'

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
