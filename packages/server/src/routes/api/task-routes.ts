import { listTasksQuery, ok, type Page, type PageQuery, type TaskRecord } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { adminAuth, userAuth } from '../../middleware/auth.ts'
import { parseStoredJson } from '../../relay/suno/suno-task-view.ts'
import { listTasks, type TaskFilter, type TaskRow } from '../../services/tasks/list-tasks.ts'
import { readPage } from './route-params.ts'

function readTaskQuery(c: Context<HonoEnv>, admin: boolean, userId: number): { filter: TaskFilter; page: PageQuery } {
  const parsed = listTasksQuery.safeParse(c.req.query())
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', 'suno.task_filter_invalid', {
      field: String(parsed.error.issues[0]?.path[0] ?? ''),
    })
  const q = parsed.data
  const number = (value: number | '' | undefined) => (value === '' || value === undefined ? undefined : value)
  return {
    filter: {
      userId: admin ? undefined : userId,
      // Users cannot narrow by channel: it is not theirs to know.
      channelId: admin ? number(q.channel_id) || undefined : undefined,
      taskId: q.task_id || undefined,
      platform: q.platform || undefined,
      status: q.status || undefined,
      action: q.action || undefined,
      start: number(q.start_timestamp) || undefined,
      end: number(q.end_timestamp) || undefined,
    },
    page: readPage(c),
  }
}

/**
 * A task record for the console in the reference's shape; the payload as JSON. Users do not see
 * which channel ran it (0, as the drawing list answers them).
 */
function toTaskRecord(row: TaskRow, admin: boolean): TaskRecord {
  return {
    id: Number(row.id),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    task_id: row.task_id,
    platform: row.platform,
    user_id: Number(row.user_id),
    group: '',
    channel_id: admin ? Number(row.channel_id) : 0,
    quota: Number(row.quota),
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    properties: parseStoredJson(row.properties),
    data: parseStoredJson(row.data),
  }
}

async function list(c: Context<HonoEnv>, admin: boolean) {
  const { filter, page } = readTaskQuery(c, admin, c.get('user').id)
  const { rows, total } = await listTasks(c.get('services'), filter, {
    offset: (page.p - 1) * page.page_size,
    limit: page.page_size,
  })
  const answer: Page<TaskRecord> = {
    items: rows.map((row) => toTaskRecord(row, admin)),
    total,
    page: page.p,
    page_size: page.page_size,
  }
  return c.json(ok(answer))
}

/**
 * /api/task: the asynchronous task log (Suno music and lyrics). Admins list every task (GET /),
 * users their own (GET /self). `data` is `{items, total, page, page_size}`, newest first, as the reference pages it.
 */
export const taskRoutes = new Hono<HonoEnv>()
  .get('/', adminAuth, (c) => list(c, true))
  .get('/self', userAuth, (c) => list(c, false))
