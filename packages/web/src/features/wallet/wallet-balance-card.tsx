import { formatQuota, type QuotaDisplay } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { Wallet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { walletSelfQuery } from './queries'

/** The balance as the server has it now; redeems and payments refresh it. */
export function BalanceCard({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('wallet')
  const self = useQuery(walletSelfQuery)
  const figures = [
    {
      key: 'used',
      label: t('balance.used'),
      value: self.data ? formatQuota(self.data.used_quota, display) : undefined,
    },
    { key: 'requests', label: t('balance.requests'), value: self.data ? String(self.data.request_count) : undefined },
  ]
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center gap-2">
        <Wallet className="size-5 text-primary" aria-hidden />
        <CardTitle>{t('balance.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <div className="text-sm text-muted-foreground">{t('balance.current')}</div>
          {self.data ? (
            <div data-testid="wallet-balance" className="text-3xl font-semibold tracking-tight break-all tabular-nums">
              {formatQuota(self.data.quota, display)}
            </div>
          ) : (
            <Skeleton className="mt-1 h-9 w-32" />
          )}
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {figures.map((figure) => (
            <div key={figure.key} className="min-w-0 rounded-lg bg-muted/60 px-3 py-2">
              <dt className="text-muted-foreground">{figure.label}</dt>
              <dd className="font-medium tabular-nums [overflow-wrap:anywhere]">{figure.value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
