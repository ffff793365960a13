import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ok } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { HonoEnv } from '../../context.ts'
import { listTaskPage, type TaskFilter, type TaskRow } from '../../db/queries/tasks.ts'
import { AppError } from '../../errors/app-error.ts'
import { adminAuth, userAuth } from '../../middleware/auth.ts'
import { parseStoredJson } from '../../relay/suno/suno-task-view.ts'

const text = (max: number) => z.string().trim().max(max).optional()
const count = z.union([z.literal(''), z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]).optional()

/** The query of both lists. `p` starts at 0 (spec §7); page_size defaults to the reference's 10. */
const taskQuery = z.object({
  p: z.union([z.literal(''), z.coerce.number().int().min(0).max(1_000_000)]).optional(),
  page_size: z.union([z.literal(''), z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)]).optional(),
  channel_id: count,
  task_id: text(50),
  platform: text(30),
  status: text(20),
  action: text(40),
  start_timestamp: count,
  end_timestamp: count,
})

function readTaskQuery(c: Context<HonoEnv>, admin: boolean, userId: number): { filter: TaskFilter; page: { index: number; size: number } } {
  const parsed = taskQuery.safeParse(c.req.query())
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'suno.task_filter_invalid', { field: String(parsed.error.issues[0]?.path[0] ?? '') })
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
    page: { index: number(q.p) ?? 0, size: number(q.page_size) ?? DEFAULT_PAGE_SIZE },
  }
}

/** A task record for the console; the payload as JSON. Users do not see which channel ran it. */
function toTaskRecord(row: TaskRow, admin: boolean) {
  const record = {
    id: Number(row.id),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    task_id: row.task_id,
    platform: row.platform,
    user_id: Number(row.user_id),
    channel_id: Number(row.channel_id),
    quota: Number(row.quota),
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    data: parseStoredJson(row.data),
  }
  if (admin) return record
  const { channel_id: _, ...own } = record
  return own
}

/**
 * /api/task: the asynchronous task log (Suno music and lyrics). Admins list every task (GET /),
 * users their own (GET /self). `data` is the page as a bare list, newest first.
 */
export const taskRoutes = new Hono<HonoEnv>()
  .get('/', adminAuth, async (c) => {
    const { filter, page } = readTaskQuery(c, true, c.get('user').id)
    const rows = await listTaskPage(c.get('services').db, filter, page)
    return c.json(ok(rows.map((row) => toTaskRecord(row, true))))
  })
  .get('/self', userAuth, async (c) => {
    const { filter, page } = readTaskQuery(c, false, c.get('user').id)
    const rows = await listTaskPage(c.get('services').db, filter, page)
    return c.json(ok(rows.map((row) => toTaskRecord(row, false))))
  })
