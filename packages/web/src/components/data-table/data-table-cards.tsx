import { flexRender, type Row } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { cardSlot, columnLabel } from './column-meta'

interface DataTableCardsProps<TData> {
  rows: Row<TData>[]
  showSkeleton: boolean
  skeletonRows: number
  rowClassName?: (row: TData) => string | undefined
  renderExpanded?: (row: TData) => ReactNode
  rowTestId?: string
}

/**
 * The mobile face of DataTable: one card per row with "label: value" lines, the row's checkbox or
 * expand button on top and its actions at the foot, so a phone never scrolls a table sideways.
 */
export function DataTableCards<TData>({
  rows,
  showSkeleton,
  skeletonRows,
  rowClassName,
  renderExpanded,
  rowTestId,
}: DataTableCardsProps<TData>) {
  if (showSkeleton) {
    return (
      <ul className="flex flex-col gap-2 p-2">
        {Array.from({ length: Math.min(skeletonRows, 3) }, (_, index) => (
          <li key={index} data-testid="data-table-skeleton-row" className="flex flex-col gap-2 rounded-md border p-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </li>
        ))}
      </ul>
    )
  }
  if (rows.length === 0) return null
  return (
    <ul className="flex flex-col gap-2 p-2">
      {rows.map((row) => {
        const cells = row.getVisibleCells()
        const header = cells.filter((cell) => cardSlot(cell.column) === 'header')
        const fields = cells.filter((cell) => cardSlot(cell.column) === 'field')
        const footer = cells.filter((cell) => cardSlot(cell.column) === 'footer')
        const expanded = renderExpanded?.(row.original)
        return (
          <li
            key={row.id}
            data-testid={rowTestId}
            data-card=""
            data-state={row.getIsSelected() ? 'selected' : undefined}
            className={cn(
              'rounded-md border bg-card text-sm data-[state=selected]:bg-accent',
              rowClassName?.(row.original)
            )}
          >
            {header.length > 0 && (
              <div className="flex items-center gap-2 border-b px-3 py-1.5">
                {header.map((cell) => (
                  <div key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>
                ))}
              </div>
            )}
            <dl className="grid grid-cols-[minmax(5rem,auto)_minmax(0,1fr)] gap-x-3 gap-y-1.5 px-3 py-2">
              {fields.map((cell) => (
                <div key={cell.id} className="contents">
                  <dt className="text-xs text-muted-foreground">{columnLabel(cell.column)}</dt>
                  <dd className="min-w-0 break-words">{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                </div>
              ))}
            </dl>
            {expanded && <div className="border-t bg-muted/30">{expanded}</div>}
            {footer.length > 0 && (
              <div className="flex items-center justify-end gap-2 border-t px-3 py-1.5">
                {footer.map((cell) => (
                  <div key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>
                ))}
              </div>
            )}
          </li>
        )
      })}
    </ul>
  )
}
