import type { CreateTokenInput, TokenStatus } from '@gateway/shared'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  createToken,
  deleteToken,
  deleteTokens,
  fetchTokens,
  fetchUserGroups,
  fetchUserModels,
  updateToken,
  updateTokenStatus,
  type TokenListQuery,
} from './api'

export const tokenKeys = {
  all: ['tokens'] as const,
  list: (query: TokenListQuery) => ['tokens', 'list', query] as const,
}

export const tokenListQuery = (query: TokenListQuery) =>
  queryOptions({
    queryKey: tokenKeys.list(query),
    queryFn: () => fetchTokens(query),
    placeholderData: keepPreviousData,
  })

export const userModelsQuery = queryOptions({
  queryKey: ['user', 'models'],
  queryFn: fetchUserModels,
  staleTime: 5 * 60_000,
})

export const userGroupsQuery = queryOptions({
  queryKey: ['user', 'self', 'groups'],
  queryFn: fetchUserGroups,
  staleTime: 5 * 60_000,
})

/** Every token mutation refreshes the list afterwards (the page may have shifted). */
function useInvalidateTokens() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: tokenKeys.all })
}

export function useTokenStatusMutation() {
  const invalidate = useInvalidateTokens()
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: (typeof TokenStatus)['enabled' | 'disabled'] }) =>
      updateTokenStatus(id, status),
    onSettled: invalidate,
  })
}

export function useDeleteTokenMutation() {
  const invalidate = useInvalidateTokens()
  return useMutation({ mutationFn: deleteToken, onSettled: invalidate })
}

export function useDeleteTokensMutation() {
  const invalidate = useInvalidateTokens()
  return useMutation({ mutationFn: deleteTokens, onSettled: invalidate })
}

export function useSaveTokenMutation() {
  const invalidate = useInvalidateTokens()
  return useMutation({
    mutationFn: (payload: CreateTokenInput & { id?: number }) =>
      payload.id ? updateToken({ ...payload, id: payload.id }) : createToken(payload),
    onSettled: invalidate,
  })
}
