import type { Insertable, Kysely, Selectable } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { insertReturningId } from '../insert-id.ts'
import type { Database } from '../schema/index.ts'
import type { TasksTable } from '../schema/tasks.ts'

export type TaskRow = Selectable<TasksTable>
export type NewTask = Insertable<TasksTable>

/** Statuses after which a task never changes again (and is never polled or refunded again). */
export const FINISHED_TASK_STATUSES = ['SUCCESS', 'FAILURE'] as const

export const insertTask = (db: Kysely<Database>, dialect: DialectName, task: NewTask): Promise<number> =>
  insertReturningId(db.insertInto('tasks').values(task), dialect)

/** One user's tasks of a platform by their upstream ids (the relay's fetch; other users' ids match nothing). */
export function findUserTasks(
  db: Kysely<Database>,
  userId: number,
  platform: string,
  taskIds: readonly string[]
): Promise<TaskRow[]> {
  if (taskIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .where('task_id', 'in', [...taskIds])
    .orderBy('id', 'desc')
    .execute()
}

/** Unfinished tasks of a platform, oldest first, at most `limit` (the poller's batch). */
export function listUnfinishedTasks(db: Kysely<Database>, platform: string, limit: number): Promise<TaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', platform)
    .where('status', 'not in', [...FINISHED_TASK_STATUSES])
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
}

export interface TaskProgress {
  status: string
  progress: string
  fail_reason: string
  submit_time: number
  start_time: number
  finish_time: number
  data: string
  updated_at: number
}

/**
 * Moves an unfinished task to a new state. The status condition makes the move happen at most
 * once: of two pollers (or instances) that both saw the task unfinished, only one changes the row,
 * and only that one may refund a failure. Returns whether this call changed the row.
 */
export async function updateUnfinishedTask(db: Kysely<Database>, id: number, progress: TaskProgress): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set(progress)
    .where('id', '=', id)
    .where('status', 'not in', [...FINISHED_TASK_STATUSES])
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export interface TaskFilter {
  /** only this user's rows (the /self view) */
  userId?: number
  channelId?: number
  taskId?: string
  platform?: string
  status?: string
  action?: string
  /** on submit_time, inclusive, unix seconds */
  start?: number
  end?: number
}

/** One page of tasks, newest first, and how many match in all. */
export async function listTaskPage(
  db: Kysely<Database>,
  filter: TaskFilter,
  page: { offset: number; limit: number }
): Promise<{ rows: TaskRow[]; total: number }> {
  let query = db.selectFrom('tasks').selectAll()
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId)
  if (filter.channelId !== undefined) query = query.where('channel_id', '=', filter.channelId)
  if (filter.taskId) query = query.where('task_id', '=', filter.taskId)
  if (filter.platform) query = query.where('platform', '=', filter.platform)
  if (filter.status) query = query.where('status', '=', filter.status)
  if (filter.action) query = query.where('action', '=', filter.action)
  if (filter.start) query = query.where('submit_time', '>=', filter.start)
  if (filter.end) query = query.where('submit_time', '<=', filter.end)
  const [rows, count] = await Promise.all([
    query.orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}
