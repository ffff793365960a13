import { isAdminRole } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ShieldAlert } from 'lucide-react'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { useSessionUser } from '@/lib/session'
import { getTwoFactorStatus, twoFactorStatusKey } from './personal-two-factor-api'

/**
 * Over every console page of an admin who must turn 2FA on (TwoFactorRequiredForAdmins) and has not:
 * until then the server refuses every admin call, and this says why and where to go.
 */
export function TwoFactorRequiredBanner() {
  const user = useSessionUser()
  const isAdmin = user !== null && isAdminRole(user.role)
  const status = useQuery({ queryKey: twoFactorStatusKey, queryFn: getTwoFactorStatus, enabled: isAdmin })
  if (!isAdmin || !status.data?.required || status.data.enabled) return null
  // Its texts are fetched only when it shows (most pages never need them); the page stays meanwhile.
  return (
    <Suspense fallback={null}>
      <BannerText />
    </Suspense>
  )
}

function BannerText() {
  const { t } = useTranslation('twoFactor')
  return (
    <Alert variant="warning" data-testid="two-factor-required-banner" className="mb-6">
      <ShieldAlert />
      <AlertTitle>{t('banner.title')}</AlertTitle>
      <AlertDescription>
        <p>{t('banner.description')}</p>
        <Link
          to="/personal"
          className="font-medium text-primary hover:underline"
          data-testid="two-factor-required-link"
        >
          {t('banner.action')}
        </Link>
      </AlertDescription>
    </Alert>
  )
}
