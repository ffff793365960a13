import type { Table } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'

interface ColumnSettingsDialogProps<T> {
  table: Table<T>
  open: boolean
  onOpenChange: (open: boolean) => void
  onReset: () => void
}

/** Which columns the channel table shows; the table's visibility state is remembered by its owner. */
export function ColumnSettingsDialog<T>({ table, open, onOpenChange, onReset }: ColumnSettingsDialogProps<T>) {
  const { t } = useTranslation('channels')
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide())
  const allVisible = columns.every((column) => column.getIsVisible())
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="column-settings">
        <DialogHeader>
          <DialogTitle>{t('columnsDialog.title')}</DialogTitle>
          <DialogDescription>{t('columnsDialog.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-3">
          {columns.map((column) => (
            <label key={column.id} className="flex items-center gap-2 text-sm">
              <Checkbox
                data-testid={`column-toggle-${column.id}`}
                checked={column.getIsVisible()}
                onCheckedChange={(value) => column.toggleVisibility(value === true)}
              />
              {(column.columnDef.meta as { label?: string } | undefined)?.label ?? column.id}
            </label>
          ))}
        </div>
        <DialogFooter className="sm:justify-between">
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={allVisible} onClick={() => table.toggleAllColumnsVisible(true)}>
              {t('columnsDialog.all')}
            </Button>
            <Button variant="ghost" size="sm" onClick={onReset}>
              {t('columnsDialog.reset')}
            </Button>
          </div>
          <Button size="sm" onClick={() => onOpenChange(false)}>
            {t('columnsDialog.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
