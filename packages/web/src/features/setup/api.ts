import type { SetupInput, SetupState } from '@gateway/shared'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const setupStateQuery = queryOptions({
  queryKey: ['setup'],
  queryFn: () => api.get<SetupState>('/api/setup', { skipSessionExpiry: true }),
  staleTime: 0,
})

export function submitSetup(input: SetupInput): Promise<unknown> {
  return api.post('/api/setup', input, { skipSessionExpiry: true })
}
