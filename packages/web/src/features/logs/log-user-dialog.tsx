import { formatQuota, type Log } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { userDetailQuery } from '@/features/users/queries'
import { UserRoleBadge, UserStatusBadge } from '@/features/users/user-badges'
import { useQuotaDisplay } from '@/lib/quota-display'

interface LogUserDialogProps {
  log: Log | null
  onClose: () => void
  onFilter: (username: string) => void
}

/**
 * The user of a log row, for admins: the account as it is now, read from GET /api/user/:id, and a
 * shortcut to filter the list by that user. When the account cannot be read (an admin looking at an
 * equal or higher role, or a removed account) the server's reason is shown with what the row holds.
 */
export function LogUserDialog({ log, onClose, onFilter }: LogUserDialogProps) {
  const { t } = useTranslation(['logs', 'users'])
  const userId = log?.user_id ?? 0
  const user = useQuery({
    ...userDetailQuery(userId),
    enabled: log !== null && userId > 0,
    meta: { silent: true },
    retry: false,
  })
  const display = useQuotaDisplay()
  const row = (label: string, value: ReactNode) => (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate">{value}</dd>
    </>
  )
  const account = user.data
  return (
    <Dialog open={log !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-sm" data-testid="log-user-dialog">
        <DialogHeader>
          <DialogTitle>{t('logs:user.title')}</DialogTitle>
          <DialogDescription>{account ? t('users:logDialog.note') : t('logs:user.note')}</DialogDescription>
        </DialogHeader>
        {log && (
          <dl
            className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5 text-sm"
            data-testid="log-user-details"
          >
            {row(t('logs:user.username'), <span className="font-medium">{account?.username ?? log.username}</span>)}
            {row(t('logs:user.id'), <span className="tabular-nums">{log.user_id}</span>)}
            {account && (
              <>
                {account.display_name &&
                  account.display_name !== account.username &&
                  row(t('users:editor.displayName'), account.display_name)}
                {row(t('users:columns.group'), account.group)}
                {row(t('users:columns.role'), <UserRoleBadge role={account.role} />)}
                {row(t('users:columns.status'), <UserStatusBadge user={account} />)}
                {row(
                  t('users:columns.remaining'),
                  <span className="tabular-nums">{formatQuota(account.quota, display)}</span>
                )}
                {row(
                  t('users:columns.used'),
                  <span className="tabular-nums">{formatQuota(account.used_quota, display)}</span>
                )}
                {row(t('users:columns.requests'), <span className="tabular-nums">{account.request_count}</span>)}
              </>
            )}
          </dl>
        )}
        {user.isLoading && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t('users:editor.loading')}
          </p>
        )}
        {user.isError && (
          <p className="text-sm text-muted-foreground" role="status" data-testid="log-user-unavailable">
            {user.error.message}
          </p>
        )}
        <DialogFooter>
          <Button
            variant="secondary"
            onClick={() => {
              if (log) onFilter(log.username)
              onClose()
            }}
          >
            {t('logs:user.filter')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
