import type {
  CreateTokenInput,
  Page,
  PageQuery,
  SearchTokensQuery,
  Token,
  TokenKey,
  TokenKeys,
  TokenStatus,
  UpdateTokenStatusInput,
  UsableGroupInfo,
} from '@gateway/shared'
import { api } from '@/lib/api-client'

export type TokenPage = Page<Token>

/** `keyword` is part of a name, `token` a whole key with or without `sk-`. */
export type TokenListQuery = PageQuery & Partial<Pick<SearchTokensQuery, 'keyword' | 'token'>>

/**
 * GET /api/token/ or, with a keyword or key, POST /api/token/search: the filters go in the body so
 * a whole key never sits in a URL (proxy and access logs keep query strings).
 */
export function fetchTokens({ keyword, token, ...page }: TokenListQuery): Promise<TokenPage> {
  if (keyword || token) return api.post<TokenPage>('/api/token/search', { keyword, token, ...page })
  return api.get<TokenPage>('/api/token/', { query: page })
}

export const fetchToken = (id: number) => api.get<Token>(`/api/token/${id}`)

/** The key routes answer the bare key as the reference does; clients use it with `sk-` in front. */
const withPrefix = (key: string) => (key.startsWith('sk-') ? key : `sk-${key}`)

/** POST /api/token/:id/key: the full `sk-…` key of one own token (lists carry masked keys only). */
export const fetchTokenKey = async (id: number): Promise<string> =>
  withPrefix((await api.post<TokenKey>(`/api/token/${id}/key`)).key)

/** POST /api/token/batch/keys: full `sk-…` keys of own tokens by id; the server takes at most 100 ids a call. */
export const fetchTokenKeys = async (ids: number[]): Promise<Record<string, string>> =>
  Object.fromEntries(
    Object.entries((await api.post<TokenKeys>('/api/token/batch/keys', { ids })).keys).map(([id, key]) => [
      id,
      withPrefix(key),
    ])
  )

export const createToken = (payload: CreateTokenInput) => api.post<Token>('/api/token/', payload)

export const updateToken = (payload: CreateTokenInput & { id: number }) => api.put<Token>('/api/token/', payload)

/** A user may only switch a token between enabled (1) and disabled (2). */
export const updateTokenStatus = (id: number, status: (typeof TokenStatus)['enabled' | 'disabled']) => {
  const body: UpdateTokenStatusInput = { id, status }
  return api.put<Token>('/api/token/', body, { query: { status_only: true } })
}

export const deleteToken = (id: number) => api.delete<null>(`/api/token/${id}`)

export const deleteTokens = (ids: number[]) => api.post<number>('/api/token/batch', { ids })

/** Model names the signed-in user may call. */
export const fetchUserModels = () => api.get<string[]>('/api/user/models')

/** The groups the signed-in user may pick for a token. */
export const fetchUserGroups = () => api.get<Record<string, UsableGroupInfo>>('/api/user/self/groups')
