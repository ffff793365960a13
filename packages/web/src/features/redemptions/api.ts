import type {
  CreateRedemptionInput,
  Page,
  PageQuery,
  Redemption,
  RedemptionStatus,
  SearchRedemptionsQuery,
  UpdateRedemptionInput,
  UpdateRedemptionStatusInput,
} from '@gateway/shared'
import { api } from '@/lib/api-client'

export type RedemptionPage = Page<Redemption>

/** `keyword` is an exact id when numeric, or the start of a name. */
export type RedemptionListQuery = PageQuery & Partial<Pick<SearchRedemptionsQuery, 'keyword'>>

/** GET /api/redemption/ or, with a keyword, GET /api/redemption/search. */
export function fetchRedemptions({ keyword, ...page }: RedemptionListQuery): Promise<RedemptionPage> {
  if (keyword) return api.get<RedemptionPage>('/api/redemption/search', { query: { keyword, ...page } })
  return api.get<RedemptionPage>('/api/redemption/', { query: page })
}

export const fetchRedemption = (id: number) => api.get<Redemption>(`/api/redemption/${id}`)

/** Answers the keys of the codes created. */
export const createRedemptions = (input: CreateRedemptionInput) => api.post<string[]>('/api/redemption/', input)

export const updateRedemption = (input: UpdateRedemptionInput) => api.put<Redemption>('/api/redemption/', input)

/** Enable (1) or disable (2); the server refuses for a used code. */
export const updateRedemptionStatus = (id: number, status: (typeof RedemptionStatus)['unused' | 'disabled']) => {
  const body: UpdateRedemptionStatusInput = { id, status }
  return api.put<Redemption>('/api/redemption/', body, { query: { status_only: true } })
}

export const deleteRedemption = (id: number) => api.delete<null>(`/api/redemption/${id}`)

export const deleteRedemptions = (ids: number[]) => api.post<number>('/api/redemption/batch', { ids })
