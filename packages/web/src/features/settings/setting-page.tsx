import { isRootRole } from '@gateway/shared'
import { Link } from '@tanstack/react-router'
import { ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { isAdmin, useSessionUser } from '@/lib/session'
import { cn } from '@/lib/utils'
import { OperationTab } from './operation/operation-tab'
import { AutoGroupSection } from './operation/ratio-sections'
import { RateLimitSection } from './operation/simple-sections'
import { OtherTab } from './other/other-tab'
import { settingTabs, type SettingTab } from './setting-tabs'
import { SystemTab } from './system/system-tab'

const tabContent: Record<SettingTab, () => ReactNode> = {
  operation: () => <OperationTab />,
  ratelimit: () => <RateLimitSection />,
  models: () => <AutoGroupSection />,
  system: () => <SystemTab />,
  other: () => <OtherTab />,
}

/**
 * /setting?tab=...: the tabs are for admins (spec §2). The option calls are root-only on the server
 * (an admin must not rewrite root settings), so a plain admin sees the tabs with an explanation.
 */
export function SettingPage({ tab }: { tab: SettingTab }) {
  const { t } = useTranslation(['pages', 'settings'])
  const user = useSessionUser()
  const admin = isAdmin(user)
  const root = user !== null && isRootRole(user.role)
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader title={t('titles.setting')} />
      {admin ? (
        <div role="tablist" className="flex w-full max-w-full flex-wrap gap-1 rounded-lg bg-muted p-1 sm:w-fit">
          {settingTabs.map((key) => (
            <Link
              key={key}
              to="/setting"
              search={{ tab: key }}
              role="tab"
              aria-selected={tab === key}
              data-testid={`setting-tab-${key}`}
              className={cn(
                'shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground',
                tab === key && 'bg-card text-foreground shadow-sm'
              )}
            >
              {t(`settingTabs.${key}`)}
            </Link>
          ))}
        </div>
      ) : null}
      {!admin ? (
        <Alert data-testid="settings-forbidden" variant="warning">
          <ShieldAlert />
          <AlertTitle>{t('settings:access.adminOnly')}</AlertTitle>
          <AlertDescription>
            {t('settings:access.adminOnlyHint')}
            <Button asChild variant="link" className="h-auto p-0">
              <Link to="/personal">{t('settings:access.personal')}</Link>
            </Button>
          </AlertDescription>
        </Alert>
      ) : !root ? (
        <Alert data-testid="settings-root-only" variant="warning">
          <ShieldAlert />
          <AlertTitle>{t('settings:access.rootOnly')}</AlertTitle>
          <AlertDescription>{t('settings:access.rootOnlyHint')}</AlertDescription>
        </Alert>
      ) : (
        <div role="tabpanel" data-testid={`setting-panel-${tab}`} className="min-w-0">
          {tabContent[tab]()}
        </div>
      )}
    </div>
  )
}
