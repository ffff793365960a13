import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { isAdmin, useSessionUser } from '@/lib/session'
import { cn } from '@/lib/utils'
import { PlaceholderPage } from '../placeholder/placeholder-page'
import { settingTabs, type SettingTab } from './setting-tabs'

/** /setting?tab=...: the tab strip exists already; each tab's content comes with its own issue. */
export function SettingPage({ tab }: { tab: SettingTab }) {
  const { t } = useTranslation('pages')
  const user = useSessionUser()
  return (
    <PlaceholderPage titleKey="setting">
      {isAdmin(user) && (
        <div role="tablist" className="inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg bg-muted p-1">
          {settingTabs.map((key) => (
            <Link
              key={key}
              to="/setting"
              search={{ tab: key }}
              role="tab"
              aria-selected={tab === key}
              data-testid={`setting-tab-${key}`}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                tab === key && 'bg-card text-foreground shadow-sm',
              )}
            >
              {t(`settingTabs.${key}`)}
            </Link>
          ))}
        </div>
      )}
    </PlaceholderPage>
  )
}
