import type { ListLogsQuery, LogPage, LogStat } from '@gateway/shared'
import { api } from '@/lib/api-client'
import type { LogSearch } from './log-search'

/** The filters this page sends: every one of GET /api/log/ but the page, size and type may be left out. */
export type LogQuery = Partial<ListLogsQuery> & Pick<ListLogsQuery, 'p' | 'page_size' | 'type'>

/** The API query for a search and range; username and channel are sent by admins only. */
export function toLogQuery(
  search: LogSearch,
  range: { start: number; end: number },
  pageSize: number,
  admin: boolean
): LogQuery {
  return {
    p: search.p ?? 1,
    page_size: pageSize,
    type: search.type ?? 0,
    token_name: search.token_name || undefined,
    model_name: search.model_name || undefined,
    group: search.group || undefined,
    username: admin ? search.username || undefined : undefined,
    channel: admin ? search.channel || undefined : undefined,
    request_id: search.request_id || undefined,
    upstream_request_id: search.upstream_request_id || undefined,
    start_timestamp: search.start ?? range.start,
    end_timestamp: search.end ?? range.end,
  }
}

/** Admins read every user's logs (GET /api/log/), others their own (GET /api/log/self). */
export const fetchLogs = (query: LogQuery, admin: boolean) =>
  api.get<LogPage>(admin ? '/api/log/' : '/api/log/self', { query: { ...query } })

export function fetchLogStat(query: LogQuery, admin: boolean) {
  const { p: _p, page_size: _size, ...filters } = query
  return api.get<LogStat>(admin ? '/api/log/stat' : '/api/log/self/stat', { query: filters })
}
