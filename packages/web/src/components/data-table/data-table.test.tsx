import type { ColumnDef } from '@tanstack/react-table'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { usePageSize } from '@/hooks/use-page-size'
import { i18n } from '@/i18n'
import { Providers, createTestQueryClient } from '@/test-utils/render'
import { ColumnVisibilityMenu } from './column-visibility-menu'
import { DataTable } from './data-table'
import { DataTablePagination } from './data-table-pagination'
import { selectionColumn } from './selection-column'
import { useColumnVisibility } from './use-column-visibility'
import { selectedRowIds, useDataTable } from './use-data-table'

interface Row {
  id: number
  name: string
  group: string
}

const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'group', header: 'Group' },
]
const rows: Row[] = [
  { id: 1, name: 'alpha', group: 'default' },
  { id: 2, name: 'beta', group: 'vip' },
]

function Harness({ data = rows, loading = false, batch = false }: { data?: Row[]; loading?: boolean; batch?: boolean }) {
  const [visibility, setVisibility] = useColumnVisibility('test-table-columns')
  const table = useDataTable({
    data,
    columns: batch ? [selectionColumn<Row>(), ...columns] : columns,
    getRowId: (row) => String(row.id),
    columnVisibility: visibility,
    onColumnVisibilityChange: setVisibility,
    enableRowSelection: batch,
  })
  return (
    <>
      <ColumnVisibilityMenu table={table} />
      <output data-testid="selected">{selectedRowIds(table).join(',')}</output>
      <DataTable table={table} loading={loading} />
    </>
  )
}

function PagingHarness({ total }: { total: number }) {
  const [pageSize, setPageSize] = usePageSize()
  const [page, setPage] = useState(1)
  return <DataTablePagination page={page} pageSize={pageSize} total={total} onPageChange={setPage} onPageSizeChange={setPageSize} />
}

const renderIn = (ui: React.ReactNode) => render(<Providers client={createTestQueryClient()}>{ui}</Providers>)

describe('DataTable', () => {
  it('draws headers and rows', () => {
    renderIn(<Harness />)
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy()
    expect(screen.getByText('alpha')).toBeTruthy()
    expect(screen.getByText('vip')).toBeTruthy()
  })

  it('shows skeleton rows while loading and the empty state without rows', () => {
    const { rerender } = renderIn(<Harness data={[]} loading />)
    expect(screen.getAllByTestId('data-table-skeleton-row')).toHaveLength(5)
    expect(screen.queryByTestId('data-table-empty')).toBeNull()
    rerender(
      <Providers client={createTestQueryClient()}>
        <Harness data={[]} />
      </Providers>,
    )
    expect(screen.getByTestId('data-table-empty').textContent).toContain(i18n.t('dataTable.empty'))
  })

  it('selects rows with the checkboxes in batch mode', () => {
    renderIn(<Harness batch />)
    fireEvent.click(screen.getAllByRole('checkbox', { name: i18n.t('dataTable.selectRow') })[1]!)
    expect(screen.getByTestId('selected').textContent).toBe('2')
    fireEvent.click(screen.getByRole('checkbox', { name: i18n.t('dataTable.selectAll') }))
    expect(screen.getByTestId('selected').textContent).toBe('1,2')
  })

  it('hides a column from the menu and remembers it under the given key', async () => {
    const { unmount } = renderIn(<Harness />)
    const trigger = screen.getByTestId('column-visibility-trigger')
    await act(async () => {
      fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' })
    })
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Group' }))
    expect(screen.queryByRole('columnheader', { name: 'Group' })).toBeNull()
    expect(JSON.parse(localStorage.getItem('test-table-columns')!)).toEqual({ group: false })
    unmount()
    renderIn(<Harness />)
    expect(screen.queryByRole('columnheader', { name: 'Group' })).toBeNull()
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy()
  })
})

describe('DataTablePagination', () => {
  it('shows the total and moves between pages', () => {
    renderIn(<PagingHarness total={35} />)
    const bar = screen.getByTestId('data-table-pagination')
    expect(within(bar).getByTestId('data-table-total').textContent).toBe(i18n.t('dataTable.total', { count: 35 }))
    expect(screen.getByTestId('data-table-page').textContent).toBe(i18n.t('dataTable.pageOf', { page: 1, pages: 4 }))
    expect((screen.getByRole('button', { name: i18n.t('dataTable.previousPage') }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: i18n.t('dataTable.lastPage') }))
    expect(screen.getByTestId('data-table-page').textContent).toBe(i18n.t('dataTable.pageOf', { page: 4, pages: 4 }))
    expect((screen.getByRole('button', { name: i18n.t('dataTable.nextPage') }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('remembers the page size in localStorage "page-size"', () => {
    const { unmount } = renderIn(<PagingHarness total={35} />)
    fireEvent.change(screen.getByRole('combobox', { name: i18n.t('dataTable.pageSize') }), { target: { value: '20' } })
    expect(localStorage.getItem('page-size')).toBe('20')
    expect(screen.getByTestId('data-table-page').textContent).toBe(i18n.t('dataTable.pageOf', { page: 1, pages: 2 }))
    unmount()
    renderIn(<PagingHarness total={35} />)
    expect((screen.getByRole('combobox', { name: i18n.t('dataTable.pageSize') }) as HTMLSelectElement).value).toBe('20')
  })
})
