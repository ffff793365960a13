import { Role, UserStatus, type AdminUser } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'

/** Normal user grey, admin blue, super admin purple; anything else 'unknown'. */
export function UserRoleBadge({ role }: { role: number }) {
  const { t } = useTranslation('users')
  if (role === Role.user)
    return (
      <Badge variant="muted" data-testid="user-role" data-role={role}>
        {t('role.user')}
      </Badge>
    )
  if (role === Role.admin)
    return (
      <Badge variant="info" data-testid="user-role" data-role={role}>
        {t('role.admin')}
      </Badge>
    )
  if (role === Role.root)
    return (
      <Badge variant="purple" data-testid="user-role" data-role={role}>
        {t('role.root')}
      </Badge>
    )
  return (
    <Badge variant="outline" data-testid="user-role" data-role={role}>
      {t('role.unknown')}
    </Badge>
  )
}

/** Enabled green, banned red, special amber; a cancelled account shows 'cancelled' whatever its status. */
export function UserStatusBadge({ user }: { user: Pick<AdminUser, 'status' | 'DeletedAt'> }) {
  const { t } = useTranslation('users')
  const [variant, key] =
    user.DeletedAt !== null
      ? (['muted', 'cancelled'] as const)
      : user.status === UserStatus.enabled
        ? (['success', 'enabled'] as const)
        : user.status === UserStatus.disabled
          ? (['danger', 'disabled'] as const)
          : user.status === UserStatus.special
            ? (['warning', 'special'] as const)
            : (['outline', 'unknown'] as const)
  return (
    <Badge variant={variant} data-testid="user-status" data-status={key}>
      {t(`status.${key}`)}
    </Badge>
  )
}
