import type { Log, QuotaDisplay } from '@gateway/shared'
import { flexRender, type Table } from '@tanstack/react-table'
import { Fragment } from 'react'
import type { LoadFailure } from '@/components/data-table/load-error'
import { TableStateRow } from '@/components/data-table/table-state-row'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { LogDetails } from './log-details'

interface LogsTableProps {
  table: Table<Log>
  loading: boolean
  empty: string
  expanded: ReadonlySet<number>
  display: QuotaDisplay
  /** a failed load: shown instead of the rows */
  failure?: LoadFailure | null
}

/**
 * The log table: the console table's look (see components/data-table) plus a full-width row
 * under each expanded entry with its pricing explanation.
 */
export function LogsTable({ table, loading, empty, expanded, display, failure }: LogsTableProps) {
  // Rows kept from an earlier page would pass for this page's answer, so a failure hides them.
  const rows = failure ? [] : table.getRowModel().rows
  const columnCount = table.getVisibleLeafColumns().length
  return (
    <div data-testid="logs-table" className="@container relative max-h-[calc(100dvh-15rem)] min-h-40 overflow-auto rounded-lg border bg-card">
      <table className="w-full border-separate border-spacing-0 text-sm" aria-busy={loading || undefined}>
        <thead className="sticky top-0 z-10 bg-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  style={header.column.columnDef.size !== 150 ? { width: header.getSize() } : undefined}
                  className="h-9 border-b px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground"
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {!failure && loading && rows.length === 0
            ? Array.from({ length: 5 }, (_, index) => (
                <tr key={index}>
                  {Array.from({ length: columnCount }, (_, cell) => (
                    <td key={cell} className="h-10 border-b px-3">
                      <Skeleton className="h-4 w-full max-w-32" />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => {
                const open = expanded.has(row.original.id)
                return (
                  <Fragment key={row.id}>
                    <tr className={cn('transition-colors hover:bg-muted', open && 'bg-muted/50')} data-testid="log-row">
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} className="h-10 border-b px-3 py-1.5 align-middle whitespace-nowrap">
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                    {open && (
                      <tr>
                        <td colSpan={columnCount} className="border-b bg-muted/30">
                          <LogDetails log={row.original} display={display} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                )
              })}
          <TableStateRow columnCount={columnCount} rowCount={rows.length} loading={loading} empty={empty} failure={failure} />
        </tbody>
      </table>
    </div>
  )
}
