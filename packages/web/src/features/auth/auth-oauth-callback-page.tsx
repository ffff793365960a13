import { isTwoFactorChallenge, type LoginAnswer } from '@gateway/shared'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Spinner } from '@/components/ui/spinner'
import { requestEnvelope } from '@/lib/api-client'
import { setStoredUser } from '@/lib/session'

interface OAuthCallbackPageProps {
  provider: 'github' | 'linuxdo'
  code?: string
  state?: string
}

/** Where GitHub / LinuxDO send the browser back: finish the sign-in or the account binding. */
export function OAuthCallbackPage({ provider, code, state }: OAuthCallbackPageProps) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [failed, setFailed] = useState(false)
  const started = useRef(false)

  useEffect(() => {
    // StrictMode runs effects twice in development; an OAuth code is single-use.
    if (started.current) return
    started.current = true
    requestEnvelope<LoginAnswer>('GET', `/api/oauth/${provider}`, { query: { code, state }, skipSessionExpiry: true })
      .then(async (envelope) => {
        // 'bind' means an existing, logged-in user linked the account (spec §2 "Login callback").
        if (envelope.message === 'bind') {
          toast.success(t('callback.bound'))
          return navigate({ to: '/setting' })
        }
        // An account with 2FA on: no session yet, the login page asks for the code.
        if (isTwoFactorChallenge(envelope.data)) return navigate({ to: '/login', search: { two_factor: true } })
        if (envelope.data) setStoredUser(envelope.data)
        return navigate({ to: '/token' })
      })
      .catch((error: unknown) => {
        toast.error(error instanceof Error ? error.message : String(error))
        setFailed(true)
        window.setTimeout(() => void navigate({ to: '/setting' }), 1500)
      })
  }, [provider, code, state, navigate, t])

  return (
    <div
      data-testid="oauth-callback"
      className="flex flex-1 flex-col items-center justify-center gap-3 py-24 text-muted-foreground"
    >
      {!failed && <Spinner className="size-6 text-primary" />}
      <p>{failed ? t('callback.failed') : t('callback.processing')}</p>
    </div>
  )
}
