import type { QuotaDataQuery, QuotaDataRow } from '@gateway/shared'
import { api } from '@/lib/api-client'

/** Admins read everyone's rows (GET /api/data/, optionally one user's); others their own (GET /api/data/self). */
export const fetchQuotaData = (query: QuotaDataQuery, admin: boolean) =>
  api.get<QuotaDataRow[]>(admin ? '/api/data/' : '/api/data/self', {
    query: { ...query, username: admin ? query.username : undefined },
  })
