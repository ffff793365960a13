import type { Log } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'

interface LogUserDialogProps {
  log: Log | null
  onClose: () => void
  onFilter: (username: string) => void
}

/**
 * The user of a log row, for admins. The spec fetches the user's detail (GET /api/user/:id), but
 * that admin route does not exist in this server yet, so the dialog shows what the row itself
 * holds (username and id) and offers to filter the list by that user. Swap in a query on
 * /api/user/:id once the user management routes land.
 */
export function LogUserDialog({ log, onClose, onFilter }: LogUserDialogProps) {
  const { t } = useTranslation('logs')
  return (
    <Dialog open={log !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-sm" data-testid="log-user-dialog">
        <DialogHeader>
          <DialogTitle>{t('user.title')}</DialogTitle>
          <DialogDescription>{t('user.note')}</DialogDescription>
        </DialogHeader>
        {log && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('user.username')}</dt>
            <dd className="font-medium">{log.username}</dd>
            <dt className="text-muted-foreground">{t('user.id')}</dt>
            <dd className="tabular-nums">{log.user_id}</dd>
          </dl>
        )}
        <DialogFooter>
          <Button
            variant="secondary"
            onClick={() => {
              if (log) onFilter(log.username)
              onClose()
            }}
          >
            {t('user.filter')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
