import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useCountdown } from '@/hooks/use-countdown'
import { sendVerificationCode } from './api'

/** Spec §4: after sending, the button waits 30 seconds, labelled 'resend (n)'. */
export const RESEND_WAIT_SECONDS = 30

interface EmailCodeButtonProps {
  email: string
  turnstileToken: string | null
  /** Reports a validation problem (translated by the caller's form). */
  onInvalid: (problem: 'validation.emailRequired' | 'turnstile.pending') => void
}

export function EmailCodeButton({ email, turnstileToken, onInvalid }: EmailCodeButtonProps) {
  const { t } = useTranslation('auth')
  const { remaining, start } = useCountdown()
  const mutation = useMutation({
    mutationFn: () => sendVerificationCode(email.trim(), turnstileToken ?? ''),
    onSuccess: () => {
      start(RESEND_WAIT_SECONDS)
      toast.success(t('register.codeSent'))
    },
  })

  function send() {
    if (!email.trim()) return onInvalid('validation.emailRequired')
    if (turnstileToken === '') return onInvalid('turnstile.pending')
    mutation.mutate()
  }

  return (
    <Button
      variant="outline"
      data-testid="register-send-code"
      disabled={remaining > 0 || mutation.isPending}
      onClick={send}
      className="min-w-32"
    >
      {mutation.isPending && <Spinner />}
      {remaining > 0 ? t('register.resend', { count: remaining }) : t('register.sendCode')}
    </Button>
  )
}
