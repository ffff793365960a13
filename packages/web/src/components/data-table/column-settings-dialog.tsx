import type { Table } from '@tanstack/react-table'
import { Columns3 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { columnLabel } from './column-meta'

interface ColumnSettingsDialogProps<T> {
  table: Table<T>
  open: boolean
  onOpenChange: (open: boolean) => void
  onReset: () => void
}

/**
 * The column settings of every console table (spec: a dialog; the choice is remembered locally by
 * the table's owner through useColumnVisibility). Lists the hideable columns by their label.
 */
export function ColumnSettingsDialog<T>({ table, open, onOpenChange, onReset }: ColumnSettingsDialogProps<T>) {
  const { t } = useTranslation()
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide())
  const allVisible = columns.every((column) => column.getIsVisible())
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="column-settings">
        <DialogHeader>
          <DialogTitle>{t('dataTable.columnsDialog.title')}</DialogTitle>
          <DialogDescription>{t('dataTable.columnsDialog.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-3">
          {columns.map((column) => (
            <label key={column.id} className="flex items-center gap-2 text-sm">
              <Checkbox
                data-testid={`column-toggle-${column.id}`}
                checked={column.getIsVisible()}
                onCheckedChange={(value) => column.toggleVisibility(value === true)}
              />
              {columnLabel(column)}
            </label>
          ))}
        </div>
        <DialogFooter className="sm:justify-between">
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={allVisible}
              onClick={() => table.toggleAllColumnsVisible(true)}
            >
              {t('dataTable.columnsDialog.all')}
            </Button>
            <Button variant="ghost" size="sm" onClick={onReset}>
              {t('dataTable.columnsDialog.reset')}
            </Button>
          </div>
          <Button size="sm" onClick={() => onOpenChange(false)}>
            {t('dataTable.columnsDialog.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** The "Columns" button that opens ColumnSettingsDialog; the same on every list page. */
export function ColumnSettingsButton<T>({ table, onReset }: { table: Table<T>; onReset: () => void }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="column-settings-trigger">
        <Columns3 />
        <span className="max-sm:sr-only">{t('dataTable.columns')}</span>
      </Button>
      <ColumnSettingsDialog table={table} open={open} onOpenChange={setOpen} onReset={onReset} />
    </>
  )
}
