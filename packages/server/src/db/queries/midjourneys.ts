import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { insertReturningId } from '../insert-id.ts'
import type { Database } from '../schema/index.ts'
import type { MidjourneysTable } from '../schema/tasks.ts'

export type MidjourneyRow = Selectable<MidjourneysTable>

/** A task is finished once its progress reads 100% (the reference's marker, kept for migrated rows). */
export const FINISHED_PROGRESS = '100%'

export function insertMidjourney(
  db: Kysely<Database>,
  dialect: DialectName,
  row: Insertable<MidjourneysTable>
): Promise<number> {
  return insertReturningId(db.insertInto('midjourneys').values(row), dialect)
}

/** The caller's own task by its upstream id (follow-up actions and fetches never see another user's tasks). */
export function findUserTask(db: Kysely<Database>, userId: number, mjId: string): Promise<MidjourneyRow | undefined> {
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mj_id', '=', mjId)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

export function findTaskByMjId(db: Kysely<Database>, mjId: string): Promise<MidjourneyRow | undefined> {
  return db.selectFrom('midjourneys').selectAll().where('mj_id', '=', mjId).orderBy('id', 'desc').executeTakeFirst()
}

export function listUserTasks(db: Kysely<Database>, userId: number, mjIds: string[]): Promise<MidjourneyRow[]> {
  if (mjIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mj_id', 'in', mjIds)
    .orderBy('id', 'desc')
    .execute()
}

export interface MidjourneyFilter {
  userId?: number
  channelId?: number
  mjId?: string
  /** submit_time bounds, in milliseconds like the column */
  startMs?: number
  endMs?: number
}

/** One page of the console's drawing list, newest first, and how many match in all. */
export async function listMidjourneys(
  db: Kysely<Database>,
  filter: MidjourneyFilter,
  offset: number,
  limit: number
): Promise<{ rows: MidjourneyRow[]; total: number }> {
  let query = db.selectFrom('midjourneys').selectAll()
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId)
  if (filter.channelId !== undefined) query = query.where('channel_id', '=', filter.channelId)
  if (filter.mjId) query = query.where('mj_id', '=', filter.mjId)
  if (filter.startMs !== undefined) query = query.where('submit_time', '>=', filter.startMs)
  if (filter.endMs !== undefined) query = query.where('submit_time', '<=', filter.endMs)
  const [rows, count] = await Promise.all([
    query.orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** Tasks still running, oldest first, for the poller. */
export function listUnfinished(db: Kysely<Database>, limit: number): Promise<MidjourneyRow[]> {
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('progress', '<>', FINISHED_PROGRESS)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
}

/** Progress of a running task; a task that finished meanwhile is left alone. */
export async function updateRunningTask(
  db: Kysely<Database>,
  id: number,
  fields: Updateable<MidjourneysTable>
): Promise<void> {
  await db
    .updateTable('midjourneys')
    .set(fields)
    .where('id', '=', id)
    .where('progress', '<>', FINISHED_PROGRESS)
    .execute()
}

/**
 * Moves a running task to its end (SUCCESS or FAILURE) in one conditional UPDATE. Returns true
 * only for the one caller that made the change, so the refund that follows a failure happens once
 * however many pollers or instances race on the same row.
 */
export async function finishTask(
  db: Kysely<Database>,
  id: number,
  fields: Updateable<MidjourneysTable>
): Promise<boolean> {
  const result = await db
    .updateTable('midjourneys')
    .set({ ...fields, progress: FINISHED_PROGRESS })
    .where('id', '=', id)
    .where('progress', '<>', FINISHED_PROGRESS)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
