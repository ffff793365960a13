import { AlertTriangle, RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { isApiError } from '@/lib/api-error'

/** The error of a failed list load: message, status and a retry, so it never passes for "no data". */
export interface LoadFailure {
  error: unknown
  onRetry: () => void
  /** true while the retry is under way */
  retrying?: boolean
}

/** A query's failure in the shape the tables want; null while it has not failed. */
export function loadFailure(query: {
  error: unknown
  isFetching: boolean
  refetch: () => unknown
}): LoadFailure | null {
  if (!query.error) return null
  return { error: query.error, onRetry: () => void query.refetch(), retrying: query.isFetching }
}

// Rate limits and server faults are worth naming by status: the user can tell "wait" from "broken".
function shownStatus(error: unknown): number | null {
  if (!isApiError(error)) return null
  return error.status === 429 || error.status >= 500 ? error.status : null
}

export function LoadError({ error, onRetry, retrying = false }: LoadFailure) {
  const { t } = useTranslation()
  const message = error instanceof Error && error.message ? error.message : t('loadError.generic')
  const status = shownStatus(error)
  return (
    <div data-testid="load-error" role="alert" className="flex flex-col items-center gap-2 px-4 text-sm">
      <AlertTriangle className="size-8 stroke-1 text-destructive" />
      <p className="font-medium text-foreground">{t('loadError.title')}</p>
      <p data-testid="load-error-message" className="max-w-md whitespace-normal text-muted-foreground">
        {message}
        {status !== null && (
          <span data-testid="load-error-status" className="ml-1.5 font-mono text-xs">
            ({t('loadError.status', { status })})
          </span>
        )}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={onRetry}
        disabled={retrying}
        data-testid="load-error-retry"
        className="mt-1"
      >
        <RotateCw className={retrying ? 'animate-spin' : undefined} />
        {t('loadError.retry')}
      </Button>
    </div>
  )
}
