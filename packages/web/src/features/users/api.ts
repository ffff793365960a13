import type {
  AdminUser,
  CreateUserRequest,
  ListUsersQuery,
  ManageAction,
  ManageUserResult,
  Page,
  PageQuery,
  UpdateUserInput,
} from '@gateway/shared'
import { api } from '@/lib/api-client'

export type UserPage = Page<AdminUser>

export type UserListQuery = PageQuery & Partial<Pick<ListUsersQuery, 'keyword' | 'group'>>

/** GET /api/user/ or, with a keyword, GET /api/user/search (both take the group filter). */
export function fetchUsers({ keyword, group, ...page }: UserListQuery): Promise<UserPage> {
  const query = { ...page, ...(group ? { group } : {}) }
  if (keyword) return api.get<UserPage>('/api/user/search', { query: { keyword, ...query } })
  return api.get<UserPage>('/api/user/', { query })
}

export const fetchUser = (id: number) => api.get<AdminUser>(`/api/user/${id}`)

export const fetchGroups = () => api.get<string[]>('/api/group/')

export const createUser = (input: CreateUserRequest) => api.post<null>('/api/user/', input)

export const updateUser = (input: UpdateUserInput) => api.put<null>('/api/user/', input)

/** Answers the role and status the account has now. */
export const manageUser = (id: number, action: ManageAction) =>
  api.post<ManageUserResult>('/api/user/manage', { id, action })
