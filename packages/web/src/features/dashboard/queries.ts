import type { QuotaDataQuery } from '@gateway/shared'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { fetchQuotaData } from './api'

export const dashboardKeys = {
  all: ['dashboard'] as const,
  data: (query: QuotaDataQuery, admin: boolean) => ['dashboard', 'data', admin, query] as const,
}

export const quotaDataQuery = (query: QuotaDataQuery, admin: boolean) =>
  queryOptions({
    queryKey: dashboardKeys.data(query, admin),
    queryFn: () => fetchQuotaData(query, admin),
    placeholderData: keepPreviousData,
    // Range errors (a span over a month) are shown in the page instead of a toast.
    meta: { silent: true },
    retry: false,
  })
