import type { AdminUser, ManageAction } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table'
import { useManageUserMutation } from './queries'

interface UserActionDialogProps {
  pending: { user: AdminUser; action: ManageAction } | null
  onClose: () => void
}

/** Confirms a promote, demote, enable, disable or cancel; the server's refusal arrives as an error toast. */
export function UserActionDialog({ pending, onClose }: UserActionDialogProps) {
  const { t } = useTranslation('users')
  const manage = useManageUserMutation()
  const action = pending?.action ?? 'enable'
  const name = pending?.user.username ?? ''
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t(`confirm.${action}Title`)}
      description={t(`confirm.${action}Body`, { name })}
      confirmLabel={t(`actions.${action}`)}
      destructive={action === 'delete' || action === 'disable'}
      pending={manage.isPending}
      onConfirm={() =>
        pending &&
        manage.mutate(
          { id: pending.user.id, action },
          {
            onSuccess: () => toast.success(t(`toast.${action}`, { name })),
            onSettled: onClose,
          }
        )
      }
    />
  )
}
