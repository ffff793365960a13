import type { ListTasksQuery, Page, TaskRecord } from '@gateway/shared'
import { api } from '@/lib/api-client'
import type { TaskSearch } from './task-search'

/** The filters this page sends (of those GET /api/task/ reads). */
export type TaskQuery = Pick<ListTasksQuery, 'channel_id' | 'task_id' | 'start_timestamp' | 'end_timestamp'>

/** The API filters for a search; the channel is sent by admins only. */
export function toTaskQuery(search: TaskSearch, defaultStart: number, admin: boolean): TaskQuery {
  return {
    channel_id: admin ? search.channel_id : undefined,
    task_id: search.task_id || undefined,
    start_timestamp: search.start ?? defaultStart,
    end_timestamp: search.end,
  }
}

/**
 * One page (index from 0 here; the server's `p` starts at 1, as the reference's): admins read every
 * task (GET /api/task/), others their own (GET /api/task/self).
 */
export const fetchTaskPage = (query: TaskQuery, page: number, pageSize: number, admin: boolean) =>
  api.get<Page<TaskRecord>>(admin ? '/api/task/' : '/api/task/self', {
    query: { ...query, p: page + 1, page_size: pageSize },
  })
