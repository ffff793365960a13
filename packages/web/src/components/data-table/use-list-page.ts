import type { Page } from '@gateway/shared'
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { ColumnDef, Table, VisibilityState } from '@tanstack/react-table'
import { useEffect, useMemo, useState } from 'react'
import { usePageSize } from '@/hooks/use-page-size'
import { pageCount } from './data-table-pagination'
import { loadFailure } from './load-error'
import { selectionColumn } from './selection-column'
import { useColumnVisibility } from './use-column-visibility'
import { selectedRowIds, useDataTable } from './use-data-table'

/** The URL search of a list page: at least a 1-based page (undefined for the first). */
export interface ListSearch {
  p?: number
}

interface UseListPageOptions<T extends { id: number }, S extends ListSearch, K extends QueryKey> {
  search: S
  onSearchChange: (next: S) => void
  /** the query of one page, given the page and the remembered page size */
  query: (page: { p: number; page_size: number }) => UseQueryOptions<Page<T>, Error, Page<T>, K>
  /** memoised by the caller; the selection column is prepended in batch mode */
  columns: ColumnDef<T, unknown>[]
  /** localStorage key of the column choice, e.g. 'users-table-columns' */
  visibilityKey: string
  visibilityDefaults?: VisibilityState
}

/**
 * The scaffolding every server-paged list page shares: page and page size (remembered), the query,
 * column visibility, batch mode with row selection, the table, the props of the pagination bar, and
 * the step back to the last page when deletions leave the current one empty.
 */
export function useListPage<T extends { id: number }, S extends ListSearch, K extends QueryKey>({
  search,
  onSearchChange,
  query,
  columns,
  visibilityKey,
  visibilityDefaults,
}: UseListPageOptions<T, S, K>) {
  const [pageSize, setPageSize] = usePageSize()
  const page = search.p ?? 1
  const list = useQuery(query({ p: page, page_size: pageSize }))
  const [visibility, setVisibility, resetVisibility] = useColumnVisibility(visibilityKey, visibilityDefaults)
  const [batchMode, setBatchMode] = useState(false)
  const allColumns = useMemo(() => (batchMode ? [selectionColumn<T>(), ...columns] : columns), [batchMode, columns])
  const table: Table<T> = useDataTable({
    data: list.data?.items ?? [],
    columns: allColumns,
    getRowId: (row) => String(row.id),
    columnVisibility: visibility,
    onColumnVisibilityChange: setVisibility,
    enableRowSelection: batchMode,
  })

  const total = list.data?.total
  useEffect(() => {
    if (total && page > pageCount(total, pageSize)) onSearchChange({ ...search, p: pageCount(total, pageSize) })
    // Only a new total or page can make the current page lie past the end.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [total, page, pageSize])

  const setBatch = (on: boolean) => {
    setBatchMode(on)
    if (!on) table.resetRowSelection()
  }
  const selectedIds = () => selectedRowIds(table).map(Number)

  return {
    list,
    table,
    page,
    pageSize,
    batchMode,
    setBatch,
    selectedIds,
    resetVisibility,
    /** spread into <DataTablePagination /> */
    pagination: {
      page,
      pageSize,
      total: total ?? 0,
      selectedCount: batchMode ? selectedRowIds(table).length : undefined,
      failed: Boolean(list.error),
      onPageChange: (p: number) => onSearchChange({ ...search, p: p === 1 ? undefined : p }),
      onPageSizeChange: (size: number) => {
        setPageSize(size)
        onSearchChange({ ...search, p: undefined })
      },
    },
    loading: list.isPending || list.isFetching,
    /** pass to <DataTable failure /> */
    failure: loadFailure(list),
  }
}
