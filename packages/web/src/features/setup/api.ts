import type { SetupInput, SetupResult, SetupState } from '@gateway/shared'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const setupStateQuery = queryOptions({
  queryKey: ['setup'],
  queryFn: () => api.get<SetupState>('/api/setup', { skipSessionExpiry: true }),
  staleTime: 0,
})

/** The new root comes back signed in; null when a root existed before (it signs in on /login). */
export function submitSetup(input: SetupInput): Promise<SetupResult> {
  return api.post<SetupResult>('/api/setup', input, { skipSessionExpiry: true })
}
