import type { AdminUser, ManageAction } from '@gateway/shared'
import { ArrowDownCircle, ArrowUpCircle, KeyRound, Pencil, Power, PowerOff, ShieldOff, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { RowActions } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { credentialResetCopy, type CredentialKind } from './user-credential-reset'
import { allowedActions, type RowAction } from './user-permissions'

export interface UserRowHandlers {
  onEdit: (user: AdminUser) => void
  onAction: (user: AdminUser, action: ManageAction) => void
  /** turn off the user's 2FA or remove their passkeys (user-credential-reset.tsx) */
  onResetCredential?: (user: AdminUser, kind: CredentialKind) => void
}

const credentialKinds = [
  { kind: 'twoFactor', Icon: ShieldOff, testId: 'user-reset-2fa' },
  { kind: 'passkey', Icon: KeyRound, testId: 'user-reset-passkey' },
] as const satisfies readonly { kind: CredentialKind; Icon: unknown; testId: string }[]

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
  const { t: tReset } = useTranslation(['twoFactor', 'users'])
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
      {/* Only for users below the admin's own role, as the server allows; it answers when there is nothing to reset. */}
      {handlers.onResetCredential &&
        me.role > user.role &&
        credentialKinds.map(({ kind, Icon, testId }) => (
          <DropdownMenuItem key={kind} onSelect={() => handlers.onResetCredential?.(user, kind)} data-testid={testId}>
            <Icon />
            {credentialResetCopy(tReset, kind, user.username).action}
          </DropdownMenuItem>
        ))}
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
