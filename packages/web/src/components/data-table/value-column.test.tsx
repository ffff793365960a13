import type { ColumnDef } from '@tanstack/react-table'
import { renderFeaturePage } from '@test/render'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DataTable } from './data-table'
import { useDataTable } from './use-data-table'
import { mutedText, quotaText, timeText, valueColumn } from './value-column'

interface Row {
  id: number
  quota: number
  at: number
}

function Table({ columns, rows }: { columns: ColumnDef<Row, unknown>[]; rows: Row[] }) {
  const table = useDataTable({
    data: rows,
    columns,
    getRowId: (row) => String(row.id),
    columnVisibility: {},
    onColumnVisibilityChange: () => {},
  })
  return <DataTable table={table} loading={false} />
}

describe('valueColumn', () => {
  it('makes its label the header and the menu name, renders each row and keeps the extra options', () => {
    const column = valueColumn<Row>(
      'quota',
      'Quota',
      (row) => quotaText(row.quota, { quotaPerUnit: 500_000, displayInCurrency: true }),
      {
        size: 80,
        enableHiding: false,
      }
    )
    expect(column).toMatchObject({
      id: 'quota',
      header: 'Quota',
      meta: { label: 'Quota' },
      size: 80,
      enableHiding: false,
    })
    const columns = [
      column,
      valueColumn<Row>('at', 'When', (row) => (row.at ? timeText(row.at, 'en') : mutedText('never'))),
    ]
    renderFeaturePage(
      <Table
        columns={columns}
        rows={[
          { id: 1, quota: 1_000_000, at: 0 },
          { id: 2, quota: 250_000, at: 1_700_000_000 },
        ]}
      />
    )
    expect(screen.getByRole('columnheader', { name: 'Quota' }).textContent).toBe('Quota')
    const [, first, second] = screen.getAllByRole('row')
    expect(within(first!).getByText('$2').className).toContain('tabular-nums')
    expect(within(first!).getByText('never').className).toContain('text-muted-foreground')
    expect(within(second!).getByText('$0.5').className).toContain('tabular-nums')
    expect(within(second!).getByText(/2023/).className).toContain('tabular-nums')
  })
})
