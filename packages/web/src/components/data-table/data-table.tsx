import { flexRender, type Table as TanstackTable } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import type { LoadFailure } from './load-error'
import { TableStateRow } from './table-state-row'

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
  'data-testid'?: string
}

/** Column options the table reads from `columnDef.meta`. */
export interface DataTableColumnMeta {
  /** Name in the column menu when the header is not a plain string. */
  label?: string
  /** Keeps the column in view at the right edge while the table scrolls sideways (row actions). */
  sticky?: 'right'
}

const stickyRight = 'sticky right-0 z-[1] border-l bg-card group-hover:bg-muted group-data-[state=selected]:bg-accent'

function isSticky(meta: unknown): boolean {
  return (meta as DataTableColumnMeta | undefined)?.sticky === 'right'
}

/**
 * The console's one table: compact rows, sticky header, skeleton rows while loading, an empty
 * state, and horizontal scrolling inside its own box on narrow screens. The caller owns the
 * TanStack table (see useDataTable) so paging, selection and visibility stay in its hands.
 */
export function DataTable<TData>({
  table,
  loading = false,
  skeletonRows = 5,
  empty,
  failure,
  className,
  rowClassName,
  'data-testid': testId,
}: DataTableProps<TData>) {
  // Rows kept from an earlier page would pass for this page's answer, so a failure hides them.
  const rows = failure ? [] : table.getRowModel().rows
  const columnCount = table.getVisibleLeafColumns().length

  return (
    <div
      data-testid={testId}
      className={cn('@container relative max-h-[calc(100dvh-15rem)] min-h-40 overflow-auto rounded-lg border bg-card', className)}
    >
      <table className="w-full caption-bottom border-separate border-spacing-0 text-sm" aria-busy={loading || undefined}>
        <thead className="sticky top-0 z-10 bg-muted">
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => (
                <th
                  key={header.id}
                  colSpan={header.colSpan}
                  style={header.column.columnDef.size !== 150 ? { width: header.getSize() } : undefined}
                  className={cn(
                    'h-9 border-b px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
                    isSticky(header.column.columnDef.meta) && 'sticky right-0 z-[1] border-l bg-muted',
                  )}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {!failure && loading && rows.length === 0
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={index} data-testid="data-table-skeleton-row">
                  {Array.from({ length: columnCount }, (_, cell) => (
                    <td key={cell} className="h-10 border-b px-3">
                      <Skeleton className="h-4 w-full max-w-32" />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <tr
                  key={row.id}
                  data-state={row.getIsSelected() ? 'selected' : undefined}
                  className={cn(
                    'group transition-colors hover:bg-muted data-[state=selected]:bg-accent [&:last-child>td]:border-b-0',
                    rowClassName?.(row.original),
                  )}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cn(
                        'h-10 border-b px-3 py-1.5 align-middle whitespace-nowrap',
                        isSticky(cell.column.columnDef.meta) && stickyRight,
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
          <TableStateRow columnCount={columnCount} rowCount={rows.length} loading={loading} empty={empty} failure={failure} />
        </tbody>
      </table>
      {!failure && loading && rows.length > 0 && (
        <div className="pointer-events-none absolute inset-x-0 top-9 h-0.5 animate-pulse bg-primary/60" aria-hidden />
      )}
    </div>
  )
}
