import type { AdminUser, Redemption } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import { renderFeaturePage } from '@test/render'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { redemptionColumns } from '@/features/redemptions/redemption-columns'
import { userColumns } from '@/features/users/user-columns'
import { i18n } from '@/i18n'
import { actionsColumn } from './actions-column'
import { DataTable } from './data-table'
import { useDataTable } from './use-data-table'

const display = { quotaPerUnit: 500_000, displayInCurrency: true }

function Table<T>({ columns, rows }: { columns: ColumnDef<T, unknown>[]; rows: T[] }) {
  const table = useDataTable({
    data: rows,
    columns,
    getRowId: (row) => JSON.stringify(row),
    columnVisibility: {},
    onColumnVisibilityChange: () => {},
  })
  return <DataTable table={table} loading={false} />
}

const renderTable = <T,>(columns: ColumnDef<T, unknown>[], rows: T[] = []) =>
  renderFeaturePage(<Table columns={columns} rows={rows} />)

/** The header cell of the actions column, which must carry visible text (no sr-only). */
const actionsHeader = (name: string) => {
  const header = screen.getByRole('columnheader', { name })
  expect(header.querySelector('.sr-only')).toBeNull()
  return header.textContent
}

describe('actionsColumn', () => {
  it('has a visible header, is never hidden and sticks to the right by default', () => {
    const column = actionsColumn<{ id: number }>({ label: 'Actions', cell: () => 'edit' })
    expect(column.id).toBe('actions')
    expect(column.enableHiding).toBe(false)
    expect(column.meta).toEqual({ label: 'Actions', sticky: 'right' })
    expect(actionsColumn<{ id: number }>({ label: 'Actions', cell: () => null, sticky: false }).meta).toEqual({
      label: 'Actions',
    })
    renderTable([{ accessorKey: 'id', header: 'ID' }, column], [{ id: 7 }])
    expect(actionsHeader('Actions')).toBe('Actions')
    expect(screen.getByText('edit')).toBeVisible()
  })

  it('is titled Actions in English and 操作 in Chinese on the users and redemptions tables', async () => {
    await i18n.changeLanguage('en')
    const { unmount } = renderTable<AdminUser>(
      userColumns({ t: i18n.getFixedT('en', 'users'), display, actions: () => null })
    )
    expect(actionsHeader('Actions')).toBe('Actions')
    unmount()
    await i18n.changeLanguage('zh')
    renderTable<Redemption>(
      redemptionColumns({ t: i18n.getFixedT('zh', 'redemptions'), language: 'zh', display, actions: () => null })
    )
    expect(actionsHeader('操作')).toBe('操作')
  })
})
