import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import { toast } from 'sonner'
import { isApiError } from './api-error'

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent` skips the global error toast when the screen shows the error itself. */
    queryMeta: { silent?: boolean }
    mutationMeta: { silent?: boolean }
  }
}

/**
 * The error toast of a failed query or mutation. A page whose calls fail together (a list and its
 * statistics, say) gets one toast, not one per call: the message is the toast's id, so the same
 * message again replaces the toast on screen instead of stacking a copy under it.
 */
export function notify(error: unknown): void {
  // A 401 already redirects to /login?expired=true, which explains itself.
  if (isApiError(error) && error.status === 401) return
  const message = error instanceof Error ? error.message : String(error)
  toast.error(message, { id: `error:${message}` })
}

/**
 * A refusal does not change on retry: a 4xx, or a 200 with `success: false`, which is how the
 * server (like the reference) answers business errors. Network failures and 5xx get one more try.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && ((error.status >= 400 && error.status < 500) || (error.status >= 200 && error.status < 300)))
    return false
  return failureCount < 1
}

/** One error policy for the whole console: components never repeat try/catch + toast. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notify(error)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.silent) notify(error)
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

/**
 * Cached answers hold the server's texts (messages, group descriptions, errors) in the language
 * they were asked in; a language switch marks them stale so the screens ask again, now in the new
 * language. Answers the function that stops listening.
 */
export function refetchOnLanguageChange(client: QueryClient, events: Pick<i18n, 'on' | 'off'>): () => void {
  const refetch = () => void client.invalidateQueries()
  events.on('languageChanged', refetch)
  return () => events.off('languageChanged', refetch)
}
