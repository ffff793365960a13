import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

/** The same key useSelfSync uses, so one fetch serves the shell and this page. */
export const selfQueryKey = (id: number | undefined) => ['user', 'self', id] as const
export const modelsQueryKey = ['user', 'models'] as const
export const affCodeQueryKey = ['user', 'aff'] as const
export const sessionsQueryKey = ['user', 'sessions'] as const

/** Re-reads the own account after a change (balance, bindings, settings). */
export function useRefreshSelf(): () => Promise<void> {
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['user', 'self'] }), [queryClient])
}
