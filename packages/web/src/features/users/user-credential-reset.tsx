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

/** The menu entry's label, also the dialog's confirm button. */
export function credentialResetLabel(t: TFunction<['twoFactor', 'users']>, kind: CredentialKind): string {
  return kind === 'passkey' ? t('users:resetPasskey.action') : t('twoFactor:admin.action')
}

function copyOf(t: TFunction<['twoFactor', 'users']>, kind: CredentialKind, name: string) {
  return kind === 'passkey'
    ? {
        title: t('users:resetPasskey.title'),
        body: t('users:resetPasskey.body', { name }),
        done: t('users:resetPasskey.done', { name }),
      }
    : {
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
  const copy = copyOf(t, kind, reset?.user.username ?? '')
  return (
    <ConfirmDialog
      open={reset !== null}
      onOpenChange={(open) => !open && onClose()}
      title={copy.title}
      description={copy.body}
      confirmLabel={credentialResetLabel(t, kind)}
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
