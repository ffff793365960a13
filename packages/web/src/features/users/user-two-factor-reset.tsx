import type { AdminUser } from '@gateway/shared'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table'
import { api } from '@/lib/api-client'

/** DELETE /api/user/:id/2fa: an admin turns off the 2FA of a user below them (a lost phone). */
export const resetUserTwoFactor = (id: number) => api.delete<null>(`/api/user/${id}/2fa`)

/** Confirms turning off a user's 2FA; the server's refusal (not on, role too high) arrives as an error toast. */
export function UserTwoFactorResetDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('twoFactor')
  const mutation = useMutation({ mutationFn: resetUserTwoFactor })
  const name = user?.username ?? ''
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.title')}
      description={t('admin.body', { name })}
      confirmLabel={t('admin.action')}
      destructive
      pending={mutation.isPending}
      onConfirm={() =>
        user &&
        mutation.mutate(user.id, {
          onSuccess: () => toast.success(t('admin.done', { name })),
          onSettled: onClose,
        })
      }
    />
  )
}
