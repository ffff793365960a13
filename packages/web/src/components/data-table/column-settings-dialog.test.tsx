import { getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { ColumnSettingsButton, ColumnSettingsDialog } from './column-settings-dialog'

interface Row {
  id: number
  name: string
  models: string
}

const columns: ColumnDef<Row>[] = [
  { id: 'select', enableHiding: false },
  { id: 'name', accessorKey: 'name', meta: { label: 'Name' } },
  { id: 'models', accessorKey: 'models', meta: { label: 'Models' } },
  { id: 'balance' },
]

function Harness({
  onReset,
  onOpenChange,
  onVisibility,
}: {
  onReset: () => void
  onOpenChange: (open: boolean) => void
  onVisibility: (state: VisibilityState) => void
}) {
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({ models: false })
  // oxlint-disable-next-line react/incompatible-library -- TanStack Table returns a mutable instance by design
  const table = useReactTable<Row>({
    data: [],
    columns,
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility((previous) => {
        const next = typeof updater === 'function' ? updater(previous) : updater
        onVisibility(next)
        return next
      }),
    getCoreRowModel: getCoreRowModel(),
  })
  return <ColumnSettingsDialog table={table} open onOpenChange={onOpenChange} onReset={onReset} />
}

function ButtonHarness() {
  // oxlint-disable-next-line react/incompatible-library -- TanStack Table returns a mutable instance by design
  const table = useReactTable<Row>({
    data: [],
    columns,
    state: { columnVisibility: { models: false } },
    getCoreRowModel: getCoreRowModel(),
  })
  return <ColumnSettingsButton table={table} onReset={() => {}} />
}

function renderDialog() {
  const props = { onReset: vi.fn(), onOpenChange: vi.fn(), onVisibility: vi.fn() }
  render(<Harness {...props} />)
  return props
}

const checked = (id: string) => screen.getByTestId(`column-toggle-${id}`).getAttribute('aria-checked')

describe('ColumnSettingsDialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('lists only hideable columns by label, checked when visible', () => {
    renderDialog()
    expect(screen.getByText('Column settings')).toBeVisible()
    expect(screen.queryByTestId('column-toggle-select')).toBeNull()
    expect(screen.getByText('Name')).toBeVisible()
    expect(screen.getByText('balance')).toBeVisible()
    expect(checked('name')).toBe('true')
    expect(checked('models')).toBe('false')
  })

  it('toggles a column and shows every column with Select all', () => {
    const { onVisibility } = renderDialog()
    fireEvent.click(screen.getByTestId('column-toggle-name'))
    expect(onVisibility).toHaveBeenLastCalledWith({ models: false, name: false })
    expect(checked('name')).toBe('false')
    const all = screen.getByRole('button', { name: 'Select all' })
    fireEvent.click(all)
    expect(checked('name')).toBe('true')
    expect(checked('models')).toBe('true')
    expect((all as HTMLButtonElement).disabled).toBe(true)
  })

  it('opens from the shared Columns button', async () => {
    render(<ButtonHarness />)
    expect(screen.queryByTestId('column-settings')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }))
    expect(await screen.findByTestId('column-settings')).toBeVisible()
    expect(checked('models')).toBe('false')
  })

  it('calls reset and closes with Done', () => {
    const { onReset, onOpenChange } = renderDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(onReset).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})
