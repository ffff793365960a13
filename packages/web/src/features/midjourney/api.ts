import type { MjListQuery, MjTask, Page } from '@gateway/shared'
import { api } from '@/lib/api-client'
import type { MjSearch } from './midjourney-search'

/** The API query for a search; the channel is sent by admins only. */
export function toMjQuery(search: MjSearch, defaultStart: number, pageSize: number, admin: boolean): MjListQuery {
  return {
    p: Math.max(1, search.p ?? 1),
    page_size: pageSize,
    channel_id: admin ? search.channel_id : undefined,
    mj_id: search.mj_id || undefined,
    start_timestamp: search.start ?? defaultStart,
    end_timestamp: search.end,
  }
}

/** Admins read every user's tasks (GET /api/mj/), others their own (GET /api/mj/self). */
export const fetchMjTasks = (query: MjListQuery, admin: boolean) =>
  api.get<Page<MjTask>>(admin ? '/api/mj/' : '/api/mj/self', { query: { ...query } })
