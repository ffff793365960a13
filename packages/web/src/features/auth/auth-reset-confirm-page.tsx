import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleAlert, Copy, KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useCopyText } from '@/components/data-table/manual-copy-dialog'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { confirmPasswordReset } from './api'
import { AuthCard } from './auth-card'
import type { ResetConfirmSearch } from './auth-reset-confirm-search'

/**
 * /user/reset: the page the reset mail links to. One click uses the link (it works once) and shows
 * the new password, with a copy button; the user changes it in personal settings afterwards.
 */
export function ResetConfirmPage({ search }: { search: ResetConfirmSearch }) {
  const { t } = useTranslation('account')
  const [copy, copyDialog] = useCopyText()
  const email = search.email ?? ''
  const token = search.token ?? ''
  const mutation = useMutation({
    mutationFn: () => confirmPasswordReset(email, token),
    onSuccess: (password) => void copy(password, t('resetConfirm.copied')),
  })
  const linkBroken = !email || !token

  return (
    <AuthCard
      title={t('resetConfirm.title')}
      subtitle={t('resetConfirm.subtitle')}
      footer={
        // After the reset the card itself offers the way to sign in.
        !mutation.isSuccess && (
          <Link to="/login" data-testid="reset-confirm-login-link" className="font-medium text-primary hover:underline">
            {t('reset.backToLogin')}
          </Link>
        )
      }
    >
      <div className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="reset-confirm-email">{t('reset.email')}</Label>
          <Input id="reset-confirm-email" data-testid="reset-confirm-email" value={email} readOnly />
        </div>
        {linkBroken && (
          <Alert variant="destructive" data-testid="reset-confirm-broken">
            <CircleAlert />
            <AlertTitle className="font-normal">{t('resetConfirm.brokenLink')}</AlertTitle>
          </Alert>
        )}
        {mutation.isSuccess ? (
          <div className="grid gap-3" data-testid="reset-confirm-done">
            <Alert variant="info">
              <KeyRound />
              <AlertTitle>{t('resetConfirm.doneTitle')}</AlertTitle>
              <AlertDescription>{t('resetConfirm.doneHint')}</AlertDescription>
            </Alert>
            <div className="grid gap-2">
              <Label htmlFor="reset-confirm-password">{t('resetConfirm.newPassword')}</Label>
              <div className="flex gap-2">
                <Input
                  id="reset-confirm-password"
                  data-testid="reset-confirm-password"
                  className="font-mono"
                  value={mutation.data}
                  readOnly
                />
                <Button
                  variant="outline"
                  data-testid="reset-confirm-copy"
                  onClick={() => void copy(mutation.data, t('resetConfirm.copied'))}
                >
                  <Copy />
                  {t('resetConfirm.copy')}
                </Button>
              </div>
            </div>
            <Button asChild>
              <Link to="/login">{t('resetConfirm.toLogin')}</Link>
            </Button>
          </div>
        ) : (
          <>
            {mutation.isError && (
              <Alert variant="destructive" data-testid="reset-confirm-error" className="py-2.5">
                <CircleAlert />
                <AlertTitle className="font-normal">{mutation.error.message}</AlertTitle>
              </Alert>
            )}
            <Button
              data-testid="reset-confirm-submit"
              disabled={linkBroken || mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {mutation.isPending && <Spinner />}
              {t('resetConfirm.submit')}
            </Button>
          </>
        )}
      </div>
      {copyDialog}
    </AuthCard>
  )
}
