import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Skeleton } from '@/components/ui/skeleton'
import { useQuotaDisplay } from '@/lib/quota-display'
import { useSessionUser } from '@/lib/session'
import { useStatus } from '@/lib/status'
import { getSelf } from './api'
import { BalanceCard } from './personal-balance-card'
import { BindingsCard } from './personal-bindings-card'
import { InviteCard } from './personal-invite-card'
import { ModelsCard } from './personal-models-card'
import { NotifySettingsCard } from './personal-notify-settings-card'
import { PasskeysCard } from './personal-passkeys-card'
import { SecurityCard } from './personal-security-card'
import { SessionsCard } from './personal-sessions-card'
import { TwoFactorCard } from './personal-two-factor-card'
import { selfQueryKey } from './queries'

/** /personal: balance, invitations, bindings, security, passkeys, sessions, notifications and the usable models. */
export function PersonalPage() {
  const { t } = useTranslation('personal')
  const status = useStatus()
  const sessionUser = useSessionUser()
  const self = useQuery({ queryKey: selfQueryKey(sessionUser?.id), queryFn: getSelf, enabled: sessionUser !== null })
  const display = useQuotaDisplay()
  const user = self.data

  return (
    <div className="grid gap-6" data-testid="personal-page">
      <PageHeader title={t('title')} description={t('description')} />
      {self.isError && (
        <Alert variant="destructive">
          <AlertDescription>{t('loadFailed', { message: self.error.message })}</AlertDescription>
        </Alert>
      )}
      {!user ? (
        !self.isError && (
          <div className="grid gap-6 lg:grid-cols-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-48 rounded-xl" />
            ))}
          </div>
        )
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="grid min-w-0 gap-6">
            <BalanceCard user={user} display={display} />
            <InviteCard user={user} display={display} />
            <BindingsCard user={user} status={status} />
          </div>
          <div className="grid min-w-0 gap-6">
            <NotifySettingsCard key={user.setting} user={user} display={display} />
            <SecurityCard user={user} />
            <TwoFactorCard />
            <PasskeysCard />
            <SessionsCard />
          </div>
          <div className="min-w-0 lg:col-span-2">
            <ModelsCard />
          </div>
        </div>
      )}
    </div>
  )
}
