import type { Table } from '@tanstack/react-table'
import { Columns3 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'

/** Column header text for the menu: `meta.label` when set, else a string header, else the id. */
function columnLabel(column: { id: string; columnDef: { header?: unknown; meta?: unknown } }): string {
  const meta = column.columnDef.meta as { label?: string } | undefined
  if (meta?.label) return meta.label
  return typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id
}

/**
 * "Columns" button listing the hideable columns with checkboxes. Pair with useColumnVisibility
 * (passed to useDataTable) so the choice is remembered. Give non-string headers a `meta.label`.
 */
export function ColumnVisibilityMenu<TData>({ table, onReset }: { table: Table<TData>; onReset?: () => void }) {
  const { t } = useTranslation()
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide())
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid="column-visibility-trigger">
          <Columns3 />
          <span className="max-sm:sr-only">{t('dataTable.columns')}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuLabel className="text-xs text-muted-foreground">{t('dataTable.visibleColumns')}</DropdownMenuLabel>
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.getIsVisible()}
            onCheckedChange={(value) => column.toggleVisibility(value === true)}
            onSelect={(event) => event.preventDefault()}
          >
            {columnLabel(column)}
          </DropdownMenuCheckboxItem>
        ))}
        {onReset && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onReset}>{t('dataTable.resetColumns')}</DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
