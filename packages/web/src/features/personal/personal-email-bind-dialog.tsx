import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
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
import { FormField } from '@/features/auth/auth-form-field'
import { TurnstileWidget } from '@/features/auth/auth-turnstile-widget'
import { useCountdown } from '@/hooks/use-countdown'
import { useStatus } from '@/lib/status'
import { bindEmail, sendEmailCode } from './api'
import { useRefreshSelf } from './queries'

/** Spec §9: the email code can be re-sent after 30 seconds. */
export const RESEND_WAIT_SECONDS = 30

interface EmailBindDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  currentEmail: string
}

type Errors = { email?: string; code?: string }

/** Bind (or change) the account email: send a code to the address, then confirm it. */
export function EmailBindDialog({ open, onOpenChange, currentEmail }: EmailBindDialogProps) {
  const { t } = useTranslation(['personal', 'common'])
  const status = useStatus()
  const refreshSelf = useRefreshSelf()
  const { remaining, start } = useCountdown()
  // A fresh instance per opening (the caller keys it); the countdown lives on in `remaining` only while it is open.
  const [email, setEmail] = useState(currentEmail)
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  // null: no human check on this site; '' : the widget has not answered yet.
  const [turnstile, setTurnstile] = useState<string | null>(status.turnstile_check ? '' : null)

  const send = useMutation({
    mutationFn: () => sendEmailCode(email.trim(), turnstile ?? ''),
    onSuccess: () => {
      start(RESEND_WAIT_SECONDS)
      toast.success(t('email.codeSent'))
    },
    onError: (failure) => setErrors({ email: failure.message }),
  })
  const bind = useMutation({
    mutationFn: () => bindEmail(email.trim(), code.trim()),
    onSuccess: async () => {
      toast.success(t('bindings.done'))
      await refreshSelf()
      onOpenChange(false)
    },
    onError: (failure) => setErrors({ code: failure.message }),
  })

  function sendCode() {
    if (!email.trim()) return setErrors({ email: t('email.emailRequired') })
    if (turnstile === '') return setErrors({ email: t('email.turnstilePending') })
    setErrors({})
    send.mutate()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!email.trim()) return setErrors({ email: t('email.emailRequired') })
    if (!code.trim()) return setErrors({ code: t('email.codeRequired') })
    setErrors({})
    bind.mutate()
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !bind.isPending && onOpenChange(next)}>
      <DialogContent data-testid="email-bind-dialog">
        <DialogHeader>
          <DialogTitle>{t('email.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('email.title')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField
            id="bind-email"
            type="email"
            label={t('email.address')}
            placeholder={t('email.addressPlaceholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
            autoComplete="email"
            addon={
              <Button
                type="button"
                variant="outline"
                className="min-w-28 shrink-0"
                data-testid="send-email-code"
                disabled={remaining > 0 || send.isPending}
                onClick={sendCode}
              >
                {send.isPending && <Spinner />}
                {remaining > 0 ? t('email.resend', { count: remaining }) : t('email.sendCode')}
              </Button>
            }
          />
          <FormField
            id="bind-email-code"
            label={t('email.code')}
            placeholder={t('email.codePlaceholder')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
            autoComplete="one-time-code"
          />
          {status.turnstile_check && <TurnstileWidget siteKey={status.turnstile_site_key} onToken={setTurnstile} />}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={bind.isPending} onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={bind.isPending} data-testid="bind-email-submit">
              {bind.isPending && <Spinner />}
              {t('email.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
