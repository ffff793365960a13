import { flexRender, type Table as TanstackTable } from '@tanstack/react-table'
import { Fragment, type ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { BELOW_MD, useMediaQuery } from '@/hooks/use-media-query'
import { cn } from '@/lib/utils'
import { columnMeta } from './column-meta'
import { DataTableCards } from './data-table-cards'
import type { LoadFailure } from './load-error'
import { showsTableState, TableState, TableStateRow } from './table-state-row'

export type { DataTableColumnMeta } from './column-meta'

interface DataTableProps<TData> {
  table: TanstackTable<TData>
  /** Shows skeleton rows instead of the body (first load, or a refetch with no data yet). */
  loading?: boolean
  /** Rows drawn while loading; defaults to 5. */
  skeletonRows?: number
  /** Text or element shown when there are no rows; defaults to "No data". */
  empty?: ReactNode
  /** A failed load: shown instead of the rows and the empty state (see loadFailure). */
  failure?: LoadFailure | null
  className?: string
  /** Marks a row, e.g. to dim disabled ones. */
  rowClassName?: (row: TData) => string | undefined
  /** Content drawn under a row across the full width (e.g. a log's details); null when closed. */
  renderExpanded?: (row: TData) => ReactNode
  /** data-testid of each row (and of each card on mobile). */
  rowTestId?: string
  'data-testid'?: string
}

const isStickyRight = (meta: unknown) => columnMeta({ id: '', columnDef: { meta } }).sticky === 'right'
const stickyCell = 'sticky right-0 z-[1] border-l bg-card group-hover:bg-muted group-data-[state=selected]:bg-accent'

/**
 * The console's one table: compact rows, sticky header, skeleton rows while loading, an empty
 * state, optional full-width detail rows, and below the md breakpoint one card per row (label:
 * value lines and the row's actions) instead of columns. The caller owns the TanStack table (see
 * useDataTable) so paging, selection and visibility stay in its hands.
 */
export function DataTable<TData>({
  table,
  loading = false,
  skeletonRows = 5,
  empty,
  failure,
  className,
  rowClassName,
  renderExpanded,
  rowTestId,
  'data-testid': testId,
}: DataTableProps<TData>) {
  const cards = useMediaQuery(BELOW_MD)
  // Rows kept from an earlier page would pass for this page's answer, so a failure hides them.
  const rows = failure ? [] : table.getRowModel().rows
  const columnCount = table.getVisibleLeafColumns().length
  const showSkeleton = !failure && loading && rows.length === 0
  const state = { rowCount: rows.length, loading, empty, failure }

  if (cards) {
    return (
      <div
        data-testid={testId}
        data-layout="cards"
        className={cn('relative min-h-40 rounded-lg border bg-card', className)}
        aria-busy={loading || undefined}
      >
        <DataTableCards
          rows={rows}
          showSkeleton={showSkeleton}
          skeletonRows={skeletonRows}
          rowClassName={rowClassName}
          renderExpanded={renderExpanded}
          rowTestId={rowTestId}
        />
        {showsTableState(state) && (
          <div className="flex min-h-40 items-center justify-center py-6 text-center">
            <TableState {...state} />
          </div>
        )}
      </div>
    )
  }

  return (
    <div
      data-testid={testId}
      data-layout="table"
      className={cn(
        '@container relative max-h-[calc(100dvh-15rem)] min-h-40 overflow-auto rounded-lg border bg-card',
        className
      )}
    >
      <table
        className="w-full caption-bottom border-separate border-spacing-0 text-sm"
        aria-busy={loading || undefined}
      >
        <thead className="sticky top-0 z-10 bg-muted">
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => (
                <th
                  key={header.id}
                  colSpan={header.colSpan}
                  style={header.column.columnDef.size !== 150 ? { width: header.getSize() } : undefined}
                  className={cn(
                    // Headers may wrap: a long one ("Time taken / first token") must not widen the table past the screen.
                    'h-9 border-b px-2 py-1 text-left align-middle text-xs leading-tight font-medium text-muted-foreground first:pl-3 last:pr-3',
                    isStickyRight(header.column.columnDef.meta) && 'sticky right-0 z-[1] border-l bg-muted'
                  )}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {showSkeleton
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={index} data-testid="data-table-skeleton-row">
                  {Array.from({ length: columnCount }, (_, cell) => (
                    <td key={cell} className="h-10 border-b px-2 first:pl-3 last:pr-3">
                      <Skeleton className="h-4 w-full max-w-32" />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => {
                const expanded = renderExpanded?.(row.original)
                return (
                  <Fragment key={row.id}>
                    <tr
                      data-testid={rowTestId}
                      data-state={row.getIsSelected() ? 'selected' : undefined}
                      className={cn(
                        'group transition-colors hover:bg-muted data-[state=selected]:bg-accent [&:last-child>td]:border-b-0',
                        expanded && 'bg-muted/50',
                        rowClassName?.(row.original)
                      )}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <td
                          key={cell.id}
                          className={cn(
                            'h-10 border-b px-2 py-1.5 align-middle whitespace-nowrap first:pl-3 last:pr-3',
                            isStickyRight(cell.column.columnDef.meta) && stickyCell
                          )}
                        >
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                    {expanded && (
                      <tr>
                        <td colSpan={columnCount} className="border-b bg-muted/30">
                          {/* Pinned to the visible width, like the state row, so details never scroll away. */}
                          <div className="sticky left-0 w-[100cqw]">{expanded}</div>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                )
              })}
          <TableStateRow columnCount={columnCount} {...state} />
        </tbody>
      </table>
      {!failure && loading && rows.length > 0 && (
        <div className="pointer-events-none absolute inset-x-0 top-9 h-0.5 animate-pulse bg-primary/60" aria-hidden />
      )}
    </div>
  )
}
