import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleAlert } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { loginWithCode } from './api'
import { AuthCard } from './auth-card'
import { FormField } from './auth-form-field'
import { useCompleteLogin } from './use-complete-login'

/**
 * The second step of a sign-in to an account with 2FA on: a code from the authenticator, or (after
 * the toggle) one of the backup codes. The server knows which sign-in waits by its own cookie.
 */
export function TwoFactorStep() {
  const { t } = useTranslation('twoFactor')
  const completeLogin = useCompleteLogin()
  const [useBackup, setUseBackup] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: () => loginWithCode(code.trim()),
    onSuccess: completeLogin,
    onError: (failure) => setError(failure.message),
    // Shown in the form, not also as a toast.
    meta: { silent: true },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!code.trim()) return setError(t('login.codeRequired'))
    setError(null)
    mutation.mutate()
  }

  function toggle() {
    setUseBackup((value) => !value)
    setCode('')
    setError(null)
  }

  return (
    <AuthCard title={t('login.title')} subtitle={useBackup ? t('login.backupHint') : t('login.totpHint')}>
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="two-factor-step">
        <FormField
          key={useBackup ? 'backup' : 'totp'}
          id="two-factor-code"
          data-testid="two-factor-code"
          label={useBackup ? t('login.backupLabel') : t('login.totpLabel')}
          placeholder={useBackup ? 'XXXX-XXXX' : '123456'}
          inputMode={useBackup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={useBackup ? 9 : 6}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && (
          <Alert variant="destructive" data-testid="two-factor-error" className="py-2.5">
            <CircleAlert />
            <AlertTitle className="font-normal">{error}</AlertTitle>
          </Alert>
        )}
        <Button type="submit" data-testid="two-factor-submit" disabled={mutation.isPending} className="w-full">
          {mutation.isPending && <Spinner />}
          {t('login.submit')}
        </Button>
        <div className="flex items-center justify-between text-[13px]">
          <button
            type="button"
            onClick={toggle}
            data-testid="two-factor-toggle"
            className="text-primary hover:underline"
          >
            {useBackup ? t('login.useTotp') : t('login.useBackup')}
          </button>
          <Link to="/login" className="text-muted-foreground hover:text-primary">
            {t('login.back')}
          </Link>
        </div>
      </form>
    </AuthCard>
  )
}
