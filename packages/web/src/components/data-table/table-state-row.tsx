import { Inbox } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, type LoadFailure } from './load-error'

interface TableStateRowProps {
  columnCount: number
  rowCount: number
  loading: boolean
  empty?: ReactNode
  failure?: LoadFailure | null
}

/**
 * The one body row a table shows instead of data: the load error with Retry when the call failed,
 * the empty state only when it succeeded with no rows, nothing otherwise. Every console table uses
 * it, so a 500 or a 429 can never pass for "no data yet".
 */
export function TableStateRow({ columnCount, rowCount, loading, empty, failure }: TableStateRowProps) {
  const { t } = useTranslation()
  if (!failure && (loading || rowCount > 0)) return null
  return (
    <tr>
      <td colSpan={columnCount} className="h-40 text-center align-middle">
        {/* Pinned to the visible width of the scrolling box (an @container), so a wide table on a
            phone does not push the message and its Retry button out of view. */}
        <div className="sticky left-0 w-[100cqw]">
          {failure ? (
            <LoadError {...failure} />
          ) : (
            <div data-testid="data-table-empty" className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
              <Inbox className="size-8 stroke-1" />
              {empty ?? t('dataTable.empty')}
            </div>
          )}
        </div>
      </td>
    </tr>
  )
}
