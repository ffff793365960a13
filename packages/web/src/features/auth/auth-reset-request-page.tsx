import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleAlert, MailCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useCountdown } from '@/hooks/use-countdown'
import { useStatus } from '@/lib/status'
import { requestPasswordReset } from './api'
import { AuthCard } from './auth-card'
import { FormField } from './auth-form-field'
import { TurnstileWidget } from './auth-turnstile-widget'

/** The same wait as the email-code button: one mail per 30 seconds from this page. */
const RESEND_WAIT_SECONDS = 30

/** /reset: asks for the account's email and sends the reset link to it. */
export function ResetRequestPage() {
  const { t } = useTranslation('account')
  const status = useStatus()
  const humanCheck = status.turnstile_check && Boolean(status.turnstile_site_key)
  const [turnstileToken, setTurnstileToken] = useState('')
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const { remaining, start } = useCountdown()
  const mutation = useMutation({
    mutationFn: () => requestPasswordReset(email.trim(), humanCheck ? turnstileToken : ''),
    onSuccess: () => start(RESEND_WAIT_SECONDS),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!email.trim()) return setProblem(t('reset.emailRequired'))
    if (humanCheck && !turnstileToken) return setProblem(t('reset.turnstilePending'))
    setProblem(null)
    mutation.mutate()
  }

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <Link to="/login" data-testid="reset-login-link" className="font-medium text-primary hover:underline">
          {t('reset.backToLogin')}
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormField
          id="reset-email"
          data-testid="reset-email"
          type="email"
          label={t('reset.email')}
          placeholder={t('reset.emailPlaceholder')}
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problem}
        />
        {mutation.isSuccess && (
          <Alert variant="info" data-testid="reset-sent">
            <MailCheck />
            <AlertTitle>{t('reset.sentTitle')}</AlertTitle>
            <AlertDescription>{t('reset.sentHint')}</AlertDescription>
          </Alert>
        )}
        {mutation.isError && (
          <Alert variant="destructive" data-testid="reset-error" className="py-2.5">
            <CircleAlert />
            <AlertTitle className="font-normal">{mutation.error.message}</AlertTitle>
          </Alert>
        )}
        <Button type="submit" data-testid="reset-submit" disabled={mutation.isPending || remaining > 0}>
          {mutation.isPending && <Spinner />}
          {remaining > 0 ? t('reset.resend', { count: remaining }) : t('reset.submit')}
        </Button>
      </form>
      {humanCheck && (
        <div className="mt-4">
          <TurnstileWidget siteKey={status.turnstile_site_key} onToken={setTurnstileToken} />
        </div>
      )}
    </AuthCard>
  )
}
