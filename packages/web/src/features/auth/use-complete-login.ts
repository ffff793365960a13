import { isTwoFactorChallenge, type LoginAnswer } from '@gateway/shared'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { setStoredUser } from '@/lib/session'

/**
 * Every sign-in path ends the same way: keep the user locally and land on /token (spec §2). An
 * account with 2FA on answers `require_2fa` instead, and the login page asks for the code first.
 */
export function useCompleteLogin(): (answer: LoginAnswer) => Promise<void> {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  return useCallback(
    async (answer: LoginAnswer) => {
      if (isTwoFactorChallenge(answer)) {
        await navigate({ to: '/login', search: { two_factor: true } })
        return
      }
      setStoredUser(answer)
      toast.success(t('login.success'))
      await navigate({ to: '/token' })
    },
    [navigate, t]
  )
}
