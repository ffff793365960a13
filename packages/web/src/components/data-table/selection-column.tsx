import type { ColumnDef } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '@/components/ui/checkbox'

function SelectAllHeader({
  checked,
  onChange,
}: {
  checked: boolean | 'indeterminate'
  onChange: (value: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <Checkbox
      aria-label={t('dataTable.selectAll')}
      checked={checked}
      onCheckedChange={(value) => onChange(value === true)}
    />
  )
}

function SelectRowCell({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean
  disabled: boolean
  onChange: (value: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <Checkbox
      aria-label={t('dataTable.selectRow')}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(value) => onChange(value === true)}
    />
  )
}

/** The checkbox column of batch mode; put it first and include it only while batch mode is on. */
export function selectionColumn<TData>(): ColumnDef<TData, unknown> {
  return {
    id: 'select',
    size: 36,
    enableHiding: false,
    header: ({ table }) => (
      <SelectAllHeader
        checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false}
        onChange={(value) => table.toggleAllPageRowsSelected(value)}
      />
    ),
    cell: ({ row }) => (
      <SelectRowCell
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={(value) => row.toggleSelected(value)}
      />
    ),
  }
}
