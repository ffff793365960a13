import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
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

interface TwoFactorCodeDialogProps<T> {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  /** the field's label: a TOTP code only, or a TOTP or backup code */
  label: string
  destructive?: boolean
  submit: (code: string) => Promise<T>
  onDone: (result: T) => void
  /** shown instead of the form once done (the new backup codes) */
  result?: ReactNode
  testId: string
}

/** Asks for a code before a change to the factor (turning it off, new backup codes). */
export function TwoFactorCodeDialog<T>({
  open,
  onOpenChange,
  title,
  description,
  label,
  destructive,
  submit,
  onDone,
  result,
  testId,
}: TwoFactorCodeDialogProps<T>) {
  const { t } = useTranslation(['twoFactor', 'common'])
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  // The refusal is shown under the field, not also as a toast.
  const mutation = useMutation({
    mutationFn: () => submit(code.trim()),
    onSuccess: onDone,
    onError: (failure) => setError(failure.message),
    meta: { silent: true },
  })

  function send(event: FormEvent) {
    event.preventDefault()
    if (!code.trim()) return setError(t('prompt.codeRequired'))
    setError(null)
    mutation.mutate()
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {result ?? (
          <form onSubmit={send} className="grid gap-4" noValidate>
            <FormField
              id={`${testId}-code`}
              data-testid={`${testId}-code`}
              label={label}
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={error}
            />
            <DialogFooter>
              <Button type="button" variant="outline" disabled={mutation.isPending} onClick={() => onOpenChange(false)}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                type="submit"
                variant={destructive ? 'destructive' : 'default'}
                disabled={mutation.isPending}
                data-testid={`${testId}-submit`}
              >
                {mutation.isPending && <Spinner />}
                {t('prompt.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
        {result && (
          <DialogFooter>
            <Button onClick={() => onOpenChange(false)}>{t('backup.done')}</Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  )
}
