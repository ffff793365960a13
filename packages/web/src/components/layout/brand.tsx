import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { useStatus } from '@/lib/status'

/** Logo, system name and the self-use / demo badge. */
export function Brand() {
  const { t } = useTranslation()
  const status = useStatus()
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <Link
        to="/"
        className="flex min-w-0 items-center gap-2.5 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
      >
        <img
          src={status.logo || '/logo.png'}
          alt=""
          className="size-8 shrink-0 rounded-lg object-contain"
          onError={(event) => {
            event.currentTarget.src = '/logo.png'
          }}
        />
        <span data-testid="system-name" className="truncate text-[15px] font-semibold tracking-tight">
          {status.system_name}
        </span>
      </Link>
      {status.self_use_mode_enabled ? (
        <Badge variant="purple" data-testid="mode-badge">
          {t('badges.selfUse')}
        </Badge>
      ) : status.demo_site_enabled ? (
        <Badge variant="info" data-testid="mode-badge">
          {t('badges.demo')}
        </Badge>
      ) : null}
    </div>
  )
}
