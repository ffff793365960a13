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
import { changePassword } from './api'
import { checkPasswordChange } from './personal-validation'

type Field = 'current' | 'next' | 'confirm'
const empty: Record<Field, string> = { current: '', next: '', confirm: '' }

/** New password twice (they must match) plus the current one, which the server checks. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(['personal', 'common'])
  const [values, setValues] = useState(empty)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const mutation = useMutation({
    mutationFn: () => changePassword(values.next, values.current),
    onSuccess: () => {
      toast.success(t('password.done'))
      onOpenChange(false)
    },
    onError: (failure) => setErrors({ current: failure.message }),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const problems = checkPasswordChange(values)
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])))
    if (Object.keys(problems).length === 0) mutation.mutate()
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <FormField
      id={`password-${name}`}
      type="password"
      label={label}
      placeholder={name === 'current' ? undefined : t('password.placeholder')}
      value={values[name]}
      onChange={(event) => setValues((previous) => ({ ...previous, [name]: event.target.value }))}
      error={errors[name]}
      autoComplete={autoComplete}
    />
  )

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent data-testid="change-password-dialog">
        <DialogHeader>
          <DialogTitle>{t('password.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('password.title')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {field('current', t('password.current'), 'current-password')}
          {field('next', t('password.new'), 'new-password')}
          {field('confirm', t('password.confirm'), 'new-password')}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={mutation.isPending} onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending} data-testid="change-password-submit">
              {mutation.isPending && <Spinner />}
              {t('password.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
