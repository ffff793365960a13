import type { ManageAction } from '@gateway/shared'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createUser, fetchGroups, fetchUser, fetchUsers, manageUser, updateUser, type UserListQuery } from './api'

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
}

export const userListQuery = (query: UserListQuery) =>
  queryOptions({ queryKey: userKeys.list(query), queryFn: () => fetchUsers(query), placeholderData: keepPreviousData })

export const userDetailQuery = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => fetchUser(id), staleTime: 0 })

export const useGroups = () => useQuery({ queryKey: ['groups'], queryFn: fetchGroups, staleTime: 60_000 })

function useInvalidate() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all })
}

export function useCreateUserMutation() {
  const onSettled = useInvalidate()
  return useMutation({ mutationFn: createUser, onSettled })
}

export function useUpdateUserMutation() {
  const onSettled = useInvalidate()
  return useMutation({ mutationFn: updateUser, onSettled })
}

export function useManageUserMutation() {
  const onSettled = useInvalidate()
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ManageAction }) => manageUser(id, action),
    onSettled,
  })
}
