import type { AdminUser, ManageAction } from '@gateway/shared'
import { ArrowDownCircle, ArrowUpCircle, Pencil, Power, PowerOff, ShieldOff, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { RowActions } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { allowedActions, type RowAction } from './user-permissions'

export interface UserRowHandlers {
  onEdit: (user: AdminUser) => void
  onAction: (user: AdminUser, action: ManageAction) => void
  /** turn off the user's 2FA (DELETE /api/user/:id/2fa) */
  onResetTwoFactor?: (user: AdminUser) => void
}

const icons = {
  promote: ArrowUpCircle,
  demote: ArrowDownCircle,
  enable: Power,
  disable: PowerOff,
  delete: UserX,
} as const

/**
 * Edit inline; promote, demote, enable, disable and cancel in the menu, each only when the signed-in
 * admin may do it. A cancelled account, or one at or above the admin's level, offers nothing.
 */
export function UserRowActions({
  user,
  me,
  handlers,
}: {
  user: AdminUser
  me: { role: number }
  handlers: UserRowHandlers
}) {
  const { t } = useTranslation('users')
  const { t: t2 } = useTranslation('twoFactor')
  const allowed = allowedActions(me, user)
  if (allowed.size === 0) {
    return (
      <span className="block text-right text-xs text-muted-foreground" data-testid="user-no-actions">
        {user.DeletedAt !== null ? t('actions.noneCancelled') : t('actions.noneHigher')}
      </span>
    )
  }
  const editButton = (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('actions.edit')}
          onClick={() => handlers.onEdit(user)}
          data-testid="user-edit-inline"
        >
          <Pencil />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{t('actions.edit')}</TooltipContent>
    </Tooltip>
  )
  // Edit alone (the root's own row): one button at every width, no menu holding nothing.
  if (allowed.size === 1) return <div className="flex justify-end">{editButton}</div>
  const item = (action: Exclude<RowAction, 'edit' | 'delete'>) => {
    if (!allowed.has(action)) return null
    const Icon = icons[action]
    return (
      <DropdownMenuItem key={action} onSelect={() => handlers.onAction(user, action)} data-testid={`user-${action}`}>
        <Icon />
        {t(`actions.${action}`)}
      </DropdownMenuItem>
    )
  }
  return (
    <RowActions inline={editButton}>
      <DropdownMenuItem className="sm:hidden" onSelect={() => handlers.onEdit(user)} data-testid="user-edit">
        <Pencil />
        {t('actions.edit')}
      </DropdownMenuItem>
      {item('promote')}
      {item('demote')}
      {item('enable')}
      {item('disable')}
      {/* Only for users below the admin's own role, as the server allows; it answers when 2FA is off. */}
      {handlers.onResetTwoFactor && me.role > user.role && (
        <DropdownMenuItem onSelect={() => handlers.onResetTwoFactor?.(user)} data-testid="user-reset-2fa">
          <ShieldOff />
          {t2('admin.action')}
        </DropdownMenuItem>
      )}
      {allowed.has('delete') && (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            onSelect={() => handlers.onAction(user, 'delete')}
            data-testid="user-delete"
          >
            <UserX />
            {t('actions.delete')}
          </DropdownMenuItem>
        </>
      )}
    </RowActions>
  )
}
