import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type Table,
  type VisibilityState,
} from '@tanstack/react-table'
import { useState } from 'react'

interface UseDataTableOptions<TData> {
  data: TData[]
  columns: ColumnDef<TData, unknown>[]
  /** Stable id for selection across pages (e.g. the record id). */
  getRowId: (row: TData) => string
  /** From useColumnVisibility; every column is shown when absent. */
  columnVisibility?: VisibilityState
  onColumnVisibilityChange?: (next: VisibilityState) => void
  /** Enables the selection column's checkboxes. */
  enableRowSelection?: boolean
}

/**
 * A TanStack table for a server-paged list: the server sorts and pages, the table only draws the
 * current page. Row selection is kept here, keyed by getRowId, and survives refetches.
 */
export function useDataTable<TData>({
  data,
  columns,
  getRowId,
  columnVisibility,
  onColumnVisibilityChange,
  enableRowSelection = false,
}: UseDataTableOptions<TData>): Table<TData> {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})
  // oxlint-disable-next-line react/incompatible-library -- TanStack Table returns a mutable instance by design
  return useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    enableRowSelection,
    state: { rowSelection, columnVisibility: columnVisibility ?? {} },
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: (updater) => {
      if (!onColumnVisibilityChange) return
      onColumnVisibilityChange(typeof updater === 'function' ? updater(columnVisibility ?? {}) : updater)
    },
  })
}

/** The ids of the selected rows (as given by getRowId). */
export function selectedRowIds<TData>(table: Table<TData>): string[] {
  return Object.entries(table.getState().rowSelection)
    .filter(([, selected]) => selected)
    .map(([id]) => id)
}
