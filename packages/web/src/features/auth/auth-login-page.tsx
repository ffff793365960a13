import { Link } from '@tanstack/react-router'
import { Info, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertTitle } from '@/components/ui/alert'
import { useStatus } from '@/lib/status'
import { AuthCard } from './auth-card'
import { DefaultPasswordDialog } from './auth-default-password-dialog'
import { LoginForm } from './auth-login-form'
import { OAuthButtons } from './auth-oauth-buttons'
import { PasskeyLoginButton } from './auth-passkey-login-button'
import type { AuthSearch } from './auth-search'
import { TurnstileWidget } from './auth-turnstile-widget'
import { TwoFactorStep } from './auth-two-factor-step'
import { useStoreAffCode } from './use-aff-code'

export function LoginPage({ search }: { search: AuthSearch }) {
  const { t } = useTranslation('auth')
  const status = useStatus()
  const [turnstileToken, setTurnstileToken] = useState('')
  useStoreAffCode(search.aff)
  const humanCheck = status.turnstile_check && Boolean(status.turnstile_site_key)
  const canRegister = !status.self_use_mode_enabled
  // The password (or outside account) was accepted; the account's 2FA code comes next.
  if (search.two_factor) return <TwoFactorStep />

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle', { name: status.system_name })}
      footer={
        canRegister && (
          <>
            {t('login.noAccount')}{' '}
            <Link to="/register" data-testid="login-register-link" className="font-medium text-primary hover:underline">
              {t('login.register')}
            </Link>
          </>
        )
      }
    >
      {search.expired && (
        <Alert variant="warning" data-testid="login-expired" className="mb-5">
          <TriangleAlert />
          <AlertTitle className="font-normal">{t('login.expired')}</AlertTitle>
        </Alert>
      )}
      {status.password_login_enabled ? (
        <LoginForm turnstileToken={humanCheck ? turnstileToken : null} />
      ) : (
        <div className="grid gap-4">
          <Alert variant="info">
            <Info />
            <AlertTitle className="font-normal">{t('login.passwordDisabled')}</AlertTitle>
          </Alert>
          {/* A passkey is no password: it still signs in when password sign-in is off. */}
          <PasskeyLoginButton />
        </div>
      )}
      {humanCheck && (
        <div className="mt-4">
          <TurnstileWidget siteKey={status.turnstile_site_key} onToken={setTurnstileToken} />
        </div>
      )}
      <OAuthButtons status={status} />
      {status.root_default_password && <DefaultPasswordDialog />}
    </AuthCard>
  )
}
