import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleAlert } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { login } from './api'
import { FormField } from './auth-form-field'
import { PasskeyLoginButton } from './auth-passkey-login-button'
import { validateLogin, type ValidationKey } from './auth-validation'
import { useCompleteLogin } from './use-complete-login'

interface LoginFormProps {
  /** Required Turnstile token; null when the human check is off. */
  turnstileToken: string | null
}

export function LoginForm({ turnstileToken }: LoginFormProps) {
  const { t } = useTranslation('auth')
  const completeLogin = useCompleteLogin()
  const [values, setValues] = useState({ username: '', password: '' })
  const [error, setError] = useState<ValidationKey | 'turnstile.pending' | null>(null)
  const mutation = useMutation({
    mutationFn: () => login({ username: values.username.trim(), password: values.password }, turnstileToken ?? ''),
    onSuccess: completeLogin,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = validateLogin(values)
    if (problem) return setError(problem)
    if (turnstileToken === '') return setError('turnstile.pending')
    setError(null)
    mutation.mutate()
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField
        id="login-username"
        data-testid="login-username"
        label={t('login.username')}
        placeholder={t('login.usernamePlaceholder')}
        autoComplete="username"
        value={values.username}
        onChange={(event) => setValues((v) => ({ ...v, username: event.target.value }))}
      />
      <div className="grid gap-2">
        <FormField
          id="login-password"
          data-testid="login-password"
          type="password"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
        />
        <Link
          to="/reset"
          data-testid="login-reset-link"
          className="justify-self-end text-[13px] text-muted-foreground hover:text-primary"
        >
          {t('login.forgot')}
        </Link>
      </div>
      {error && (
        <Alert variant="destructive" data-testid="login-error" className="py-2.5">
          <CircleAlert />
          <AlertTitle className="font-normal">{t(error)}</AlertTitle>
        </Alert>
      )}
      <Button type="submit" data-testid="login-submit" disabled={mutation.isPending} className="mt-1 w-full">
        {mutation.isPending && <Spinner />}
        {t('login.submit')}
      </Button>
      <PasskeyLoginButton />
    </form>
  )
}
