import type { ColumnDef } from '@tanstack/react-table'
import { renderFeaturePage } from '@test/render'
import { fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePageSize } from '@/hooks/use-page-size'
import { i18n } from '@/i18n'
import { actionsColumn } from './actions-column'
import { ColumnSettingsButton } from './column-settings-dialog'
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

interface HarnessProps {
  data?: Row[]
  loading?: boolean
  batch?: boolean
  withActions?: boolean
  expandedId?: number
}

const actions = actionsColumn<Row>({
  label: 'Actions',
  cell: ({ row }) => <button type="button">Edit {row.original.name}</button>,
})

function Harness({ data = rows, loading = false, batch = false, withActions = false, expandedId }: HarnessProps) {
  const [visibility, setVisibility, reset] = useColumnVisibility('test-table-columns')
  const table = useDataTable({
    data,
    columns: [...(batch ? [selectionColumn<Row>()] : []), ...columns, ...(withActions ? [actions] : [])],
    getRowId: (row) => String(row.id),
    columnVisibility: visibility,
    onColumnVisibilityChange: setVisibility,
    enableRowSelection: batch,
  })
  return (
    <>
      <ColumnSettingsButton table={table} onReset={reset} />
      <output data-testid="selected">{selectedRowIds(table).join(',')}</output>
      <DataTable
        table={table}
        loading={loading}
        rowTestId="row"
        renderExpanded={(row) => (row.id === expandedId ? <p data-testid="details">details of {row.name}</p> : null)}
      />
    </>
  )
}

function PagingHarness({ total, failed, reachable }: { total: number; failed?: boolean; reachable?: number }) {
  const [pageSize, setPageSize] = usePageSize()
  const [page, setPage] = useState(1)
  return (
    <DataTablePagination
      page={page}
      pageSize={pageSize}
      total={total}
      failed={failed}
      reachable={reachable}
      onPageChange={setPage}
      onPageSizeChange={setPageSize}
    />
  )
}

/** Makes the window as narrow as a phone for the md media query. */
function phoneWidth() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(max-width: 767px)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList
  )
}

const renderIn = (ui: React.ReactNode) => renderFeaturePage(ui)

describe('DataTable', () => {
  it('draws headers and rows', () => {
    renderIn(<Harness />)
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeVisible()
    expect(screen.getByText('alpha')).toBeVisible()
    expect(screen.getByText('vip')).toBeVisible()
  })

  it('shows skeleton rows while loading and the empty state without rows', () => {
    const { rerender } = renderIn(<Harness data={[]} loading />)
    expect(screen.getAllByTestId('data-table-skeleton-row')).toHaveLength(5)
    expect(screen.queryByTestId('data-table-empty')).toBeNull()
    rerender(<Harness data={[]} />)
    expect(screen.getByTestId('data-table-empty').textContent).toContain(i18n.t('dataTable.empty'))
  })

  it('selects rows with the checkboxes in batch mode', () => {
    renderIn(<Harness batch />)
    fireEvent.click(screen.getAllByRole('checkbox', { name: i18n.t('dataTable.selectRow') })[1]!)
    expect(screen.getByTestId('selected').textContent).toBe('2')
    fireEvent.click(screen.getByRole('checkbox', { name: i18n.t('dataTable.selectAll') }))
    expect(screen.getByTestId('selected').textContent).toBe('1,2')
  })

  it('draws an expanded row under its row across the full width', () => {
    renderIn(<Harness expandedId={2} />)
    const [first, second] = screen.getAllByTestId('row')
    expect(first?.nextElementSibling?.getAttribute('data-testid')).toBe('row')
    const detail = second?.nextElementSibling
    expect(detail?.querySelector('td')?.getAttribute('colspan')).toBe('2')
    expect(screen.getByTestId('details').textContent).toBe('details of beta')
  })

  it('hides a column from the column settings dialog and remembers it under the given key', async () => {
    const { unmount } = renderIn(<Harness />)
    fireEvent.click(screen.getByTestId('column-settings-trigger'))
    const dialog = await screen.findByTestId('column-settings')
    expect(within(dialog).getByText(i18n.t('dataTable.columnsDialog.title'))).toBeVisible()
    fireEvent.click(within(dialog).getByTestId('column-toggle-group'))
    expect(screen.queryByRole('columnheader', { name: 'Group' })).toBeNull()
    expect(JSON.parse(localStorage.getItem('test-table-columns')!)).toEqual({ group: false })
    unmount()
    renderIn(<Harness />)
    expect(screen.queryByRole('columnheader', { name: 'Group' })).toBeNull()
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeVisible()
  })
})

describe('DataTable on a phone', () => {
  afterEach(() => vi.restoreAllMocks())

  it('draws each row as a card of label: value lines with its actions and details', () => {
    phoneWidth()
    renderIn(<Harness withActions expandedId={1} />)
    expect(screen.queryByRole('table')).toBeNull()
    const cards = screen.getAllByTestId('row')
    expect(cards).toHaveLength(2)
    const first = within(cards[0]!)
    expect(first.getByText('Name').tagName).toBe('DT')
    expect(first.getByText('alpha').closest('dd')).not.toBeNull()
    expect(first.getByText('Group').tagName).toBe('DT')
    expect(first.getByRole('button', { name: 'Edit alpha' })).toBeVisible()
    // The actions close the card instead of being a "label: value" line.
    expect(first.queryByText('Actions')).toBeNull()
    expect(first.getByTestId('details').textContent).toBe('details of alpha')
    expect(within(cards[1]!).queryByTestId('details')).toBeNull()
  })

  it('keeps the checkbox on the card in batch mode and shows the empty state', () => {
    phoneWidth()
    const { unmount } = renderIn(<Harness batch />)
    fireEvent.click(
      within(screen.getAllByTestId('row')[1]!).getByRole('checkbox', { name: i18n.t('dataTable.selectRow') })
    )
    expect(screen.getByTestId('selected').textContent).toBe('2')
    unmount()
    renderIn(<Harness data={[]} />)
    expect(screen.getByTestId('data-table-empty').textContent).toContain(i18n.t('dataTable.empty'))
  })
})

describe('DataTablePagination', () => {
  it('shows no count when the list failed to load', () => {
    renderIn(<PagingHarness total={0} failed />)
    expect(screen.queryByTestId('data-table-total')).toBeNull()
    expect(screen.getByTestId('data-table-page').textContent).toBe(i18n.t('dataTable.pageOf', { page: 1, pages: 1 }))
  })

  it('goes no further than the reachable page of a lazily loaded list', () => {
    renderIn(<PagingHarness total={35} reachable={2} />)
    const next = screen.getByRole('button', { name: i18n.t('dataTable.nextPage') }) as HTMLButtonElement
    fireEvent.click(next)
    expect(screen.getByTestId('data-table-page').textContent).toBe(i18n.t('dataTable.pageOf', { page: 2, pages: 4 }))
    expect(next.disabled).toBe(true)
    expect((screen.getByRole('button', { name: i18n.t('dataTable.lastPage') }) as HTMLButtonElement).disabled).toBe(
      true
    )
  })

  it('shows the total and moves between pages', () => {
    renderIn(<PagingHarness total={35} />)
    const bar = screen.getByTestId('data-table-pagination')
    expect(within(bar).getByTestId('data-table-total').textContent).toBe(i18n.t('dataTable.total', { count: 35 }))
    expect(screen.getByTestId('data-table-page').textContent).toBe(i18n.t('dataTable.pageOf', { page: 1, pages: 4 }))
    expect((screen.getByRole('button', { name: i18n.t('dataTable.previousPage') }) as HTMLButtonElement).disabled).toBe(
      true
    )
    fireEvent.click(screen.getByRole('button', { name: i18n.t('dataTable.lastPage') }))
    expect(screen.getByTestId('data-table-page').textContent).toBe(i18n.t('dataTable.pageOf', { page: 4, pages: 4 }))
    expect((screen.getByRole('button', { name: i18n.t('dataTable.nextPage') }) as HTMLButtonElement).disabled).toBe(
      true
    )
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
