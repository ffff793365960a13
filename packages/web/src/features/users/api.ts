import type { Page, AdminUser, ManageAction } from '@gateway/shared'
import { api } from '@/lib/api-client'

export type UserPage = Page<AdminUser>

export interface UserListQuery {
  p: number
  page_size: number
  keyword?: string
  group?: string
}

/** GET /api/user/ or, with a keyword, GET /api/user/search (both take the group filter). */
export function fetchUsers({ keyword, group, ...page }: UserListQuery): Promise<UserPage> {
  const query = { ...page, ...(group ? { group } : {}) }
  if (keyword) return api.get<UserPage>('/api/user/search', { query: { keyword, ...query } })
  return api.get<UserPage>('/api/user/', { query })
}

export const fetchUser = (id: number) => api.get<AdminUser>(`/api/user/${id}`)

export const fetchGroups = () => api.get<string[]>('/api/group/')

export const createUser = (input: { username: string; password: string; display_name: string }) => api.post<null>('/api/user/', input)

export interface UpdateUserInput {
  id: number
  username: string
  display_name: string
  group: string
  quota: number
  /** '' keeps the password */
  password: string
}

export const updateUser = (input: UpdateUserInput) => api.put<null>('/api/user/', input)

/** Answers the role and status the account has now. */
export const manageUser = (id: number, action: ManageAction) => api.post<{ role: number; status: number }>('/api/user/manage', { id, action })
