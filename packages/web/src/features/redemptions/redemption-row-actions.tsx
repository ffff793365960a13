import { RedemptionStatus, type Redemption } from '@gateway/shared'
import { Copy, Pencil, Power, PowerOff, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { RowActions } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'

export interface RedemptionRowHandlers {
  onCopy: (redemption: Redemption) => void
  onToggle: (redemption: Redemption) => void
  onEdit: (redemption: Redemption) => void
  onDelete: (redemption: Redemption) => void
}

/** Copy inline; enable/disable (never for a used code), edit (unused only) and delete in the menu. */
export function RedemptionRowActions({
  redemption,
  handlers,
}: {
  redemption: Redemption
  handlers: RedemptionRowHandlers
}) {
  const { t } = useTranslation('redemptions')
  const used = redemption.status === RedemptionStatus.used
  const enabled = redemption.status === RedemptionStatus.unused
  return (
    <RowActions
      inline={
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('actions.copyKey')}
              onClick={() => handlers.onCopy(redemption)}
              data-testid="redemption-copy"
            >
              <Copy />
            </Button>
          </TooltipTrigger>
          <TooltipContent>{t('actions.copyKey')}</TooltipContent>
        </Tooltip>
      }
    >
      <DropdownMenuItem className="sm:hidden" onSelect={() => handlers.onCopy(redemption)}>
        <Copy />
        {t('actions.copyKey')}
      </DropdownMenuItem>
      {!used && (
        <DropdownMenuItem onSelect={() => handlers.onToggle(redemption)} data-testid="redemption-toggle">
          {enabled ? <PowerOff /> : <Power />}
          {enabled ? t('actions.disable') : t('actions.enable')}
        </DropdownMenuItem>
      )}
      {enabled && (
        <DropdownMenuItem onSelect={() => handlers.onEdit(redemption)} data-testid="redemption-edit">
          <Pencil />
          {t('actions.edit')}
        </DropdownMenuItem>
      )}
      {!used && <DropdownMenuSeparator />}
      <DropdownMenuItem
        variant="destructive"
        onSelect={() => handlers.onDelete(redemption)}
        data-testid="redemption-delete"
      >
        <Trash2 />
        {t('actions.delete')}
      </DropdownMenuItem>
    </RowActions>
  )
}
