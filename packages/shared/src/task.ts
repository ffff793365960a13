import { z } from 'zod'

/**
 * The statuses an asynchronous (Suno) task row holds. The poller stores any other status an
 * upstream reports as UNKNOWN, and the console shows an unlisted one as unknown.
 */
export const TASK_STATUSES = [
  'NOT_START',
  'SUBMITTED',
  'QUEUED',
  'IN_PROGRESS',
  'SUCCESS',
  'FAILURE',
  'UNKNOWN',
] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
export const isTaskStatus = (value: string): value is TaskStatus => (TASK_STATUSES as readonly string[]).includes(value)

const text = (max: number) => z.string().trim().max(max).optional()
const count = z.union([z.literal(''), z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]).optional()

/**
 * GET /api/task/ and /api/task/self: the filters of both lists (channel_id honoured for admins
 * only); paging is read apart, as the reference reads it (1-based `p`, `page_size`).
 */
export const listTasksQuery = z.object({
  channel_id: count,
  task_id: text(50),
  platform: text(30),
  status: text(20),
  action: text(40),
  start_timestamp: count,
  end_timestamp: count,
})
export type ListTasksQuery = z.infer<typeof listTasksQuery>

/** A task record as GET /api/task/ and /api/task/self answer it, in the reference's shape. */
export interface TaskRecord {
  id: number
  created_at: number
  updated_at: number
  task_id: string
  platform: string
  user_id: number
  /** tasks do not record the group that paid for them; the reference's field is kept empty */
  group: string
  /** 0 for users: which channel ran it is not theirs to know */
  channel_id: number
  quota: number
  action: string
  status: string
  fail_reason: string
  submit_time: number
  start_time: number
  finish_time: number
  progress: string
  properties: unknown
  data: unknown
}
