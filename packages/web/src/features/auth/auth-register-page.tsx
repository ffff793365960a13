import { Link } from '@tanstack/react-router'
import { Ban } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { useStatus } from '@/lib/status'
import { AuthCard } from './auth-card'
import { OAuthButtons } from './auth-oauth-buttons'
import { RegisterForm } from './auth-register-form'
import type { AuthSearch } from './auth-search'
import { TurnstileWidget } from './auth-turnstile-widget'
import { useStoreAffCode } from './use-aff-code'

export function RegisterPage({ search }: { search: AuthSearch }) {
  const { t } = useTranslation('auth')
  const status = useStatus()
  const [turnstileToken, setTurnstileToken] = useState('')
  useStoreAffCode(search.aff)
  const humanCheck = status.turnstile_check && Boolean(status.turnstile_site_key)
  const open = status.register_enabled && status.password_register_enabled

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle', { name: status.system_name })}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to="/login" data-testid="register-login-link" className="font-medium text-primary hover:underline">
            {t('register.login')}
          </Link>
        </>
      }
    >
      {open ? (
        <>
          <RegisterForm
            emailVerification={status.email_verification}
            turnstileToken={humanCheck ? turnstileToken : null}
          />
          {humanCheck && (
            <div className="mt-4">
              <TurnstileWidget siteKey={status.turnstile_site_key} onToken={setTurnstileToken} />
            </div>
          )}
        </>
      ) : (
        <Alert variant="warning" data-testid="register-closed">
          <Ban />
          <AlertTitle>{t('register.closed')}</AlertTitle>
          <AlertDescription>{t('register.closedHint')}</AlertDescription>
        </Alert>
      )}
      {status.register_enabled && <OAuthButtons status={status} />}
    </AuthCard>
  )
}
