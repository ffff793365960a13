import { api } from '@/lib/api-client'
import type { QuotaDataRow } from './dashboard-aggregate'

export interface QuotaDataQuery {
  start_timestamp: number
  end_timestamp: number
  /** admins only */
  username?: string
}

/** Admins read everyone's rows (GET /api/data/, optionally one user's); others their own (GET /api/data/self). */
export const fetchQuotaData = (query: QuotaDataQuery, admin: boolean) =>
  api.get<QuotaDataRow[]>(admin ? '/api/data/' : '/api/data/self', { query: { ...query, username: admin ? query.username : undefined } })
