import type { AdminUser } from '@gateway/shared'
import { useMutation } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table'
import { api } from '@/lib/api-client'

/** A sign-in factor an admin can take away from a user below them (a lost phone, a lost security key). */
export type CredentialKind = 'twoFactor' | 'passkey'

export interface CredentialReset {
  user: AdminUser
  kind: CredentialKind
}

/** DELETE /api/user/:id/2fa turns 2FA off; DELETE /api/user/:id/reset_passkey removes every passkey. */
export const resetUserCredential = ({ user, kind }: CredentialReset) =>
  api.delete<null>(kind === 'passkey' ? `/api/user/${user.id}/reset_passkey` : `/api/user/${user.id}/2fa`)

/** What a reset is called (the menu entry and the dialog's confirm button) and what it says, in the console's language. */
export function credentialResetCopy(t: TFunction<['twoFactor', 'users']>, kind: CredentialKind, name: string) {
  return kind === 'passkey'
    ? {
        action: t('users:resetPasskey.action'),
        title: t('users:resetPasskey.title'),
        body: t('users:resetPasskey.body', { name }),
        done: t('users:resetPasskey.done', { name }),
      }
    : {
        action: t('twoFactor:admin.action'),
        title: t('twoFactor:admin.title'),
        body: t('twoFactor:admin.body', { name }),
        done: t('twoFactor:admin.done', { name }),
      }
}

/** Confirms a reset; the server's refusal (nothing to reset, role too high) arrives as an error toast. */
export function UserCredentialResetDialog({ reset, onClose }: { reset: CredentialReset | null; onClose: () => void }) {
  const { t } = useTranslation(['twoFactor', 'users'])
  const mutation = useMutation({ mutationFn: resetUserCredential })
  const kind = reset?.kind ?? 'twoFactor'
  const copy = credentialResetCopy(t, kind, reset?.user.username ?? '')
  return (
    <ConfirmDialog
      open={reset !== null}
      onOpenChange={(open) => !open && onClose()}
      title={copy.title}
      description={copy.body}
      confirmLabel={copy.action}
      destructive
      pending={mutation.isPending}
      onConfirm={() =>
        reset &&
        mutation.mutate(reset, {
          onSuccess: () => toast.success(copy.done),
          onSettled: onClose,
        })
      }
    />
  )
}
