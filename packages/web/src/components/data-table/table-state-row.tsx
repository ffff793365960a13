import { Inbox } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, type LoadFailure } from './load-error'

interface TableStateProps {
  rowCount: number
  loading: boolean
  empty?: ReactNode
  failure?: LoadFailure | null
}

/** Whether the table shows a state (load error, or empty after a successful load) instead of rows. */
export const showsTableState = ({ rowCount, loading, failure }: TableStateProps): boolean =>
  Boolean(failure) || (!loading && rowCount === 0)

/**
 * What a table shows instead of data: the load error with Retry when the call failed, the empty
 * state only when it succeeded with no rows. Every console table uses it, so a 500 or a 429 can
 * never pass for "no data yet".
 */
export function TableState({ empty, failure }: TableStateProps) {
  const { t } = useTranslation()
  if (failure) return <LoadError {...failure} />
  return (
    <div data-testid="data-table-empty" className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
      <Inbox className="size-8 stroke-1" />
      {empty ?? t('dataTable.empty')}
    </div>
  )
}

/** TableState as the one body row of a table. */
export function TableStateRow({ columnCount, ...props }: TableStateProps & { columnCount: number }) {
  if (!showsTableState(props)) return null
  return (
    <tr>
      <td colSpan={columnCount} className="h-40 text-center align-middle">
        {/* Pinned to the visible width of the scrolling box (an @container), so a wide table on a
            phone does not push the message and its Retry button out of view. */}
        <div className="sticky left-0 w-[100cqw]">
          <TableState {...props} />
        </div>
      </td>
    </tr>
  )
}
