import type { SessionUser } from '@gateway/shared'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { setStoredUser } from '@/lib/session'

/** Every sign-in path ends the same way: keep the user locally and land on /token (spec §2). */
export function useCompleteLogin(): (user: SessionUser) => Promise<void> {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  return useCallback(
    async (user: SessionUser) => {
      setStoredUser(user)
      toast.success(t('login.success'))
      await navigate({ to: '/token' })
    },
    [navigate, t],
  )
}
