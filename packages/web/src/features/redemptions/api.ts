import type { CreateRedemptionInput, Page, Redemption } from '@gateway/shared'
import { api } from '@/lib/api-client'

export type RedemptionPage = Page<Redemption>

export interface RedemptionListQuery {
  p: number
  page_size: number
  /** An exact id when numeric, or the start of a name. */
  keyword?: string
}

/** GET /api/redemption/ or, with a keyword, GET /api/redemption/search. */
export function fetchRedemptions({ keyword, ...page }: RedemptionListQuery): Promise<RedemptionPage> {
  if (keyword) return api.get<RedemptionPage>('/api/redemption/search', { query: { keyword, ...page } })
  return api.get<RedemptionPage>('/api/redemption/', { query: page })
}

export const fetchRedemption = (id: number) => api.get<Redemption>(`/api/redemption/${id}`)

/** Answers the keys of the codes created. */
export const createRedemptions = (input: CreateRedemptionInput) => api.post<string[]>('/api/redemption/', input)

export const updateRedemption = (input: { id: number; name: string; quota: number; expired_time: number }) => api.put<Redemption>('/api/redemption/', input)

/** Enable (1) or disable (2); the server refuses for a used code. */
export const updateRedemptionStatus = (id: number, status: 1 | 2) =>
  api.put<Redemption>('/api/redemption/', { id, status }, { query: { status_only: true } })

export const deleteRedemption = (id: number) => api.delete<null>(`/api/redemption/${id}`)

export const deleteRedemptions = (ids: number[]) => api.post<number>('/api/redemption/batch', { ids })
