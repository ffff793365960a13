import type { SelfUser, SessionUser } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { getStoredUser, setStoredUser } from '@/lib/session'

const sessionFields = ['id', 'username', 'display_name', 'role', 'status', 'group'] as const

/**
 * Re-reads the own account when a console page opens: a role change shows up in the menus, and a
 * session that ended on the server (401) sends the browser to /login?expired=true at once.
 */
export function useSelfSync(user: SessionUser | null): void {
  useQuery({
    queryKey: ['user', 'self', user?.id],
    enabled: user !== null,
    staleTime: 60_000,
    meta: { silent: true },
    queryFn: async () => {
      const self = await api.get<SelfUser>('/api/user/self')
      const stored = getStoredUser()
      if (!stored || self?.id !== stored.id) return self
      const fresh = Object.fromEntries(sessionFields.map((key) => [key, self[key]])) as unknown as SessionUser
      if (sessionFields.some((key) => stored[key] !== fresh[key])) setStoredUser(fresh)
      return self
    },
  })
}
