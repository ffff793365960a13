import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { register } from './api'
import { EmailCodeButton } from './auth-email-code-button'
import { FormField } from './auth-form-field'
import { validateRegister, type RegisterErrors, type RegisterValues } from './auth-validation'
import { readAffCode } from './use-aff-code'

interface RegisterFormProps {
  emailVerification: boolean
  /** Required Turnstile token; null when the human check is off. */
  turnstileToken: string | null
}

const empty: RegisterValues = { username: '', password: '', password2: '', email: '', verificationCode: '' }

export function RegisterForm({ emailVerification, turnstileToken }: RegisterFormProps) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [values, setValues] = useState(empty)
  const [errors, setErrors] = useState<RegisterErrors & { form?: 'turnstile.pending' }>({})
  const mutation = useMutation({
    mutationFn: () =>
      register(
        {
          username: values.username.trim(),
          password: values.password,
          password2: values.password2,
          email: values.email.trim(),
          verification_code: values.verificationCode.trim(),
          aff_code: readAffCode(),
        },
        turnstileToken ?? ''
      ),
    onSuccess: async () => {
      toast.success(t('register.success'))
      await navigate({ to: '/login' })
    },
  })

  const bind = (key: keyof RegisterValues) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value })),
    error: errors[key] ? t(errors[key]) : null,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = validateRegister(values, emailVerification)
    if (Object.keys(found).length > 0) return setErrors(found)
    if (turnstileToken === '') return setErrors({ form: 'turnstile.pending' })
    setErrors({})
    mutation.mutate()
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField
        id="register-username"
        data-testid="register-username"
        label={t('register.username')}
        placeholder={t('register.usernamePlaceholder')}
        autoComplete="username"
        {...bind('username')}
      />
      <FormField
        id="register-password"
        data-testid="register-password"
        type="password"
        label={t('register.password')}
        placeholder={t('register.passwordPlaceholder')}
        autoComplete="new-password"
        {...bind('password')}
      />
      <FormField
        id="register-password2"
        data-testid="register-confirm"
        type="password"
        label={t('register.confirm')}
        placeholder={t('register.confirmPlaceholder')}
        autoComplete="new-password"
        {...bind('password2')}
      />
      {emailVerification && (
        <>
          <FormField
            id="register-email"
            data-testid="register-email"
            type="email"
            label={t('register.email')}
            placeholder={t('register.emailPlaceholder')}
            autoComplete="email"
            {...bind('email')}
            addon={
              <EmailCodeButton
                email={values.email}
                turnstileToken={turnstileToken}
                onInvalid={(problem) =>
                  problem === 'turnstile.pending' ? setErrors({ form: problem }) : setErrors({ email: problem })
                }
              />
            }
          />
          <FormField
            id="register-code"
            data-testid="register-code"
            label={t('register.code')}
            placeholder={t('register.codePlaceholder')}
            autoComplete="one-time-code"
            {...bind('verificationCode')}
          />
        </>
      )}
      {errors.form && (
        <p data-testid="register-error" className="text-[13px] text-destructive">
          {t(errors.form)}
        </p>
      )}
      <Button type="submit" data-testid="register-submit" disabled={mutation.isPending} className="mt-1 w-full">
        {mutation.isPending && <Spinner />}
        {t('register.submit')}
      </Button>
    </form>
  )
}
