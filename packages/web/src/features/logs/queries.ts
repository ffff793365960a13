import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { fetchLogs, fetchLogStat, type LogQuery } from './api'

export const logKeys = {
  all: ['logs'] as const,
  list: (query: LogQuery, admin: boolean) => ['logs', 'list', admin, query] as const,
  stat: (query: LogQuery, admin: boolean) => ['logs', 'stat', admin, { ...query, p: 0, page_size: 0 }] as const,
}

export const logListQuery = (query: LogQuery, admin: boolean) =>
  queryOptions({
    queryKey: logKeys.list(query, admin),
    queryFn: () => fetchLogs(query, admin),
    placeholderData: keepPreviousData,
  })

export const logStatQuery = (query: LogQuery, admin: boolean) =>
  queryOptions({
    queryKey: logKeys.stat(query, admin),
    queryFn: () => fetchLogStat(query, admin),
    placeholderData: keepPreviousData,
  })
