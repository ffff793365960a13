import type { CellContext, ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'

interface ActionsColumnOptions<TData> {
  /** the visible header ("Actions" / "操作"), also the name in the column-visibility menu */
  label: string
  cell: (context: CellContext<TData, unknown>) => ReactNode
  /** keep the column visible at the right edge while the table scrolls sideways */
  sticky?: boolean
}

/**
 * The row-actions column of every console table. Its header is visible text, not only for screen
 * readers: a blank header cell reads as a broken table, and the column is never hidden.
 */
export function actionsColumn<TData>({
  label,
  cell,
  sticky = true,
}: ActionsColumnOptions<TData>): ColumnDef<TData, unknown> {
  return {
    id: 'actions',
    header: () => (
      <span className="whitespace-nowrap" data-testid="actions-header">
        {label}
      </span>
    ),
    meta: sticky ? { label, sticky: 'right' } : { label },
    enableHiding: false,
    cell,
  }
}
