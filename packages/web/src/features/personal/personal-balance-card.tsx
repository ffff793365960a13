import { formatQuota, isRootRole, type QuotaDisplay, type SelfUser } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent } from '@/components/ui/card'

/** Who is signed in and the balance: current quota, used quota and request count. */
export function BalanceCard({ user, display }: { user: SelfUser; display: QuotaDisplay }) {
  const { t } = useTranslation('personal')
  const name = user.display_name || user.username
  const stats = [
    { key: 'quota', label: t('balance.quota'), value: formatQuota(user.quota, display) },
    { key: 'used', label: t('balance.used'), value: formatQuota(user.used_quota, display) },
    { key: 'requests', label: t('balance.requests'), value: user.request_count.toLocaleString() },
  ]
  return (
    <Card data-testid="balance-card" className="overflow-hidden">
      <CardContent className="grid gap-5">
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-lg font-semibold text-primary">
            {name.slice(0, 1).toUpperCase()}
          </div>
          <div className="min-w-0 flex-1">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="truncate text-base font-semibold" data-testid="personal-name">
                {name}
              </span>
              {/* Spec §6: the card labels super admins as admin and everyone else as a normal user. */}
              <Badge variant={isRootRole(user.role) ? 'default' : 'secondary'}>
                {isRootRole(user.role) ? t('role.admin') : t('role.user')}
              </Badge>
            </div>
            <p className="truncate text-sm text-muted-foreground">
              @{user.username} · {t('balance.group', { group: user.group })}
            </p>
          </div>
        </div>
        {/* On a phone one figure per line, label left and figure right: three columns of 100 px
            would break a six-decimal amount in the middle of the number. */}
        <dl className="grid grid-cols-1 gap-2 rounded-lg border bg-muted/30 px-3 py-3 sm:grid-cols-3">
          {stats.map((stat) => (
            <div key={stat.key} className="flex min-w-0 items-baseline justify-between gap-3 sm:block sm:text-center">
              <dt className="text-xs leading-tight text-muted-foreground">{stat.label}</dt>
              <dd
                className="text-base leading-tight font-semibold whitespace-nowrap tabular-nums sm:mt-1 sm:text-xl sm:whitespace-normal sm:[overflow-wrap:anywhere]"
                data-testid={`balance-${stat.key}`}
              >
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
