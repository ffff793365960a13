import { MoreHorizontal } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { cn } from '@/lib/utils'

interface RowActionsProps {
  /**
   * One or two frequent actions drawn inline before the menu button. They are hidden on mobile
   * (< 600 px) to keep the row narrow: repeat them in the menu with className="sm:hidden".
   */
  inline?: ReactNode
  /** DropdownMenuItem / DropdownMenuSub / DropdownMenuSeparator elements for the trailing menu. */
  children?: ReactNode
  /** Accessible name of the menu button; defaults to "More actions". */
  label?: string
  className?: string
}

/** The trailing cell of a row: inline buttons, then a "…" menu with the rest. */
export function RowActions({ inline, children, label, className }: RowActionsProps) {
  const { t } = useTranslation()
  return (
    <div className={cn('flex items-center justify-end gap-1', className)}>
      {inline && <div className="hidden items-center gap-1 sm:flex">{inline}</div>}
      {children && (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={label ?? t('dataTable.moreActions')}
              data-testid="row-actions-trigger"
            >
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="min-w-40">
            {children}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  )
}
