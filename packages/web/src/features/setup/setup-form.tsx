import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@gateway/shared'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { FormField } from '../auth/auth-form-field'
import type { ValidationKey } from '../auth/auth-validation'

export interface SetupValues {
  username: string
  password: string
  confirmPassword: string
  SelfUseModeEnabled: boolean
  DemoSiteEnabled: boolean
}

type SetupErrors = Partial<Record<'username' | 'password' | 'confirmPassword', ValidationKey>>

export function validateSetup(values: SetupValues): SetupErrors {
  const errors: SetupErrors = {}
  const username = values.username.trim()
  if (!username) errors.username = 'validation.usernameRequired'
  else if (username.length > USERNAME_MAX) errors.username = 'validation.usernameTooLong'
  if (values.password.length < PASSWORD_MIN) errors.password = 'validation.passwordTooShort'
  else if (values.password.length > PASSWORD_MAX) errors.password = 'validation.passwordTooLong'
  if (values.password !== values.confirmPassword) errors.confirmPassword = 'validation.passwordMismatch'
  return errors
}

interface SetupFormProps {
  /** A root account already exists (e.g. migrated data): only the usage modes are asked. */
  rootInit: boolean
  pending: boolean
  onSubmit: (values: SetupValues) => void
}

export function SetupForm({ rootInit, pending, onSubmit }: SetupFormProps) {
  const { t } = useTranslation(['setup', 'auth'])
  const [values, setValues] = useState<SetupValues>({
    username: '',
    password: '',
    confirmPassword: '',
    SelfUseModeEnabled: false,
    DemoSiteEnabled: false,
  })
  const [errors, setErrors] = useState<SetupErrors>({})
  const text = (key: 'username' | 'password' | 'confirmPassword') => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value })),
    error: errors[key] ? t(`auth:${errors[key]}`) : null,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = rootInit ? {} : validateSetup(values)
    setErrors(found)
    if (Object.keys(found).length === 0) onSubmit({ ...values, username: values.username.trim() })
  }

  const modes = [
    { key: 'SelfUseModeEnabled', label: t('selfUse'), hint: t('selfUseHint'), testId: 'setup-self-use' },
    { key: 'DemoSiteEnabled', label: t('demo'), hint: t('demoHint'), testId: 'setup-demo' },
  ] as const

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {!rootInit && (
        <fieldset className="grid gap-4">
          <legend className="mb-3 text-sm font-semibold">{t('admin')}</legend>
          <FormField
            id="setup-username"
            data-testid="setup-username"
            label={t('username')}
            placeholder={t('usernamePlaceholder')}
            autoComplete="username"
            {...text('username')}
          />
          <FormField
            id="setup-password"
            data-testid="setup-password"
            type="password"
            label={t('password')}
            placeholder={t('passwordPlaceholder')}
            autoComplete="new-password"
            {...text('password')}
          />
          <FormField
            id="setup-confirm"
            data-testid="setup-confirm"
            type="password"
            label={t('confirm')}
            placeholder={t('confirmPlaceholder')}
            autoComplete="new-password"
            {...text('confirmPassword')}
          />
        </fieldset>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-3 text-sm font-semibold">{t('modes')}</legend>
        {modes.map((mode) => (
          <Label
            key={mode.key}
            htmlFor={mode.testId}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 font-normal transition-colors hover:bg-accent/50 has-[[data-state=checked]]:border-primary/50 has-[[data-state=checked]]:bg-primary/5"
          >
            <Checkbox
              id={mode.testId}
              data-testid={mode.testId}
              checked={values[mode.key]}
              onCheckedChange={(checked) => setValues((v) => ({ ...v, [mode.key]: checked === true }))}
              className="mt-0.5"
            />
            <span className="grid gap-1">
              <span className="text-sm font-medium">{mode.label}</span>
              <span className="text-[13px] leading-snug text-muted-foreground">{mode.hint}</span>
            </span>
          </Label>
        ))}
      </fieldset>
      <Button type="submit" data-testid="setup-submit" disabled={pending} className="w-full">
        {pending && <Spinner />}
        {t('submit')}
      </Button>
    </form>
  )
}
