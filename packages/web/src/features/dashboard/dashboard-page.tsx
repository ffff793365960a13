import { formatQuota, formatTokenCount } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { Activity, BarChart3, Coins, Gauge, Hash, RefreshCw, Zap } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useQuotaDisplay } from '@/lib/quota-display'
import { isAdmin, useSessionUser } from '@/lib/session'
import { useStatus } from '@/lib/status'
import { readItem, storageKeys } from '@/lib/storage'
import { cn } from '@/lib/utils'
import { aggregate, buildSeries, fillBuckets, perMinute, seriesTotal, type Metric } from './dashboard-aggregate'
import type { AxisUnit } from './dashboard-axis-ticks'
import { MAX_SERIES, seriesColor } from './dashboard-colors'
import { DashboardFilters } from './dashboard-filters'
import { ModelTable } from './dashboard-model-table'
import { defaultRange, toGranularity, type DashboardSearch } from './dashboard-search'
import { ShareChart } from './dashboard-share-chart'
import { StatCard } from './dashboard-stats'
import { TrendChart } from './dashboard-trend-chart'
import { quotaDataQuery } from './queries'

interface DashboardPageProps {
  search: DashboardSearch
  onSearchChange: (next: DashboardSearch) => void
}

const METRICS: Metric[] = ['quota', 'tokens', 'count']

/** /detail: quota, tokens and requests over time and per model, from the hourly rollups. */
export function DashboardPage({ search, onSearchChange }: DashboardPageProps) {
  const { t, i18n } = useTranslation(['dashboard', 'pages'])
  const status = useStatus()
  const admin = isAdmin(useSessionUser())
  // The admin's default granularity (DataExportDefaultTime, mirrored from the status), unless the URL picks one.
  const granularity =
    search.granularity ?? toGranularity(readItem(storageKeys.dataExportDefaultTime) ?? status.data_export_default_time)
  // "Now" is fixed when the page opens so the default range, and with it the query key, stays stable.
  const [openedAt] = useState(() => Date.now())
  const defaults = defaultRange(granularity, openedAt)
  const range = { start: search.start ?? defaults.start, end: search.end ?? defaults.end }
  const username = admin ? search.username : undefined
  const query = { start_timestamp: range.start, end_timestamp: range.end, username }
  const data = useQuery(quotaDataQuery(query, admin))
  const [metric, setMetric] = useState<Metric>('quota')

  const display = useQuotaDisplay()
  const rows = data.data ?? []
  // Hourly rollups (720 per model over a month): aggregating them on each render is cheap.
  const dashboard = aggregate(rows, granularity)
  const series = buildSeries(dashboard.models, MAX_SERIES)
  const points = fillBuckets(dashboard.points, range, granularity)
  const { rpm, tpm } = perMinute(dashboard.totals, range)

  const number = (value: number, digits = 0) => value.toLocaleString(i18n.language, { maximumFractionDigits: digits })
  const quota = (value: number) => formatQuota(value, display)
  const formatters: Record<Metric, (value: number) => string> = {
    quota,
    tokens: (value) => formatTokenCount(Math.round(value)),
    count: (value) => number(value),
  }
  const units: Record<Metric, AxisUnit> = {
    quota: { kind: 'quota', display },
    tokens: { kind: 'count' },
    count: { kind: 'count' },
  }
  const slices = series.map((s, index) => ({
    series: s,
    index,
    name: s.other ? t('chart.otherModels', { n: s.models.length }) : s.model,
    value: seriesTotal(s, Object.fromEntries(dashboard.models.map((m) => [m.model, m])), metric),
  }))

  const loading = data.isPending
  const empty = !loading && !data.isError && rows.length === 0
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('pages:titles.detail')}
        description={username ? t('descriptionUser', { username }) : admin ? t('descriptionAll') : t('description')}
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => void data.refetch()}
            disabled={data.isFetching}
            data-testid="dashboard-refresh"
          >
            <RefreshCw className={cn(data.isFetching && 'animate-spin')} />
            {t('refresh')}
          </Button>
        }
      />
      <DashboardFilters
        key={`${granularity}:${range.start}:${range.end}:${search.username ?? ''}`}
        search={search}
        range={range}
        granularity={granularity}
        admin={admin}
        onSearch={onSearchChange}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <StatCard
          label={t('stats.quota')}
          value={quota(dashboard.totals.quota)}
          exact={String(dashboard.totals.quota)}
          icon={Coins}
          tone="var(--chart-1)"
          testId="dashboard-total-quota"
          loading={loading}
        />
        <StatCard
          label={t('stats.tokens')}
          value={formatTokenCount(dashboard.totals.tokens)}
          exact={String(dashboard.totals.tokens)}
          icon={Hash}
          tone="var(--chart-2)"
          testId="dashboard-total-tokens"
          loading={loading}
        />
        <StatCard
          label={t('stats.requests')}
          value={number(dashboard.totals.count)}
          exact={String(dashboard.totals.count)}
          icon={Activity}
          tone="var(--chart-3)"
          testId="dashboard-total-count"
          loading={loading}
        />
        <StatCard
          label={t('stats.rpm')}
          value={number(rpm, 3)}
          hint={t('stats.rpmHint')}
          icon={Gauge}
          tone="var(--chart-4)"
          testId="dashboard-avg-rpm"
          loading={loading}
        />
        <div className="col-span-2 lg:col-span-1">
          <StatCard
            label={t('stats.tpm')}
            value={number(tpm, 1)}
            hint={t('stats.tpmHint')}
            icon={Zap}
            tone="var(--chart-6)"
            testId="dashboard-avg-tpm"
            loading={loading}
          />
        </div>
      </div>

      {data.isError && (
        <Alert variant="destructive" data-testid="dashboard-error">
          <AlertDescription>{data.error.message}</AlertDescription>
        </Alert>
      )}

      {empty ? (
        <Card className="items-center gap-3 py-14 text-center" data-testid="dashboard-empty">
          <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <BarChart3 className="size-6" />
          </div>
          <div className="font-medium">{t('empty.title')}</div>
          <p className="max-w-md px-6 text-sm text-muted-foreground">{t('empty.hint')}</p>
        </Card>
      ) : (
        !data.isError && (
          <>
            <Card className="min-w-0 gap-4 py-4 sm:py-5">
              <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-4 sm:px-5">
                <CardTitle className="text-base">
                  {t('chart.trendTitle', { metric: t(`metric.${metric}`), period: t(`period.${granularity}`) })}
                </CardTitle>
                <div
                  className="inline-flex rounded-lg border bg-muted/50 p-0.5"
                  role="radiogroup"
                  aria-label={t('chart.metric')}
                >
                  {METRICS.map((value) => (
                    <button
                      key={value}
                      type="button"
                      role="radio"
                      aria-checked={metric === value}
                      onClick={() => setMetric(value)}
                      data-testid={`dashboard-metric-${value}`}
                      className={cn(
                        'rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground transition-colors',
                        metric === value && 'bg-card text-foreground shadow-xs'
                      )}
                    >
                      {t(`metric.${value}`)}
                    </button>
                  ))}
                </div>
              </CardHeader>
              <CardContent className="px-2 sm:px-4">
                {loading ? (
                  <Skeleton className="h-72 w-full sm:h-80" />
                ) : (
                  <TrendChart
                    points={points}
                    series={series}
                    metric={metric}
                    granularity={granularity}
                    format={formatters[metric]}
                    unit={units[metric]}
                  />
                )}
                <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 px-2 text-xs" data-testid="dashboard-legend">
                  {slices.map((slice) => (
                    <span key={slice.series.key} className="flex min-w-0 items-center gap-1.5">
                      <span
                        className="size-2.5 shrink-0 rounded-sm"
                        style={{ background: seriesColor(slice.index, slice.series.other) }}
                      />
                      <span className="max-w-48 truncate text-muted-foreground">{slice.name}</span>
                    </span>
                  ))}
                </div>
              </CardContent>
            </Card>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
              <Card className="min-w-0 gap-2 py-4 sm:py-5">
                <CardHeader className="px-4 sm:px-5">
                  <CardTitle className="text-base">{t('chart.shareTitle')}</CardTitle>
                </CardHeader>
                <CardContent className="px-4 sm:px-5">
                  {loading ? (
                    <Skeleton className="mx-auto size-48 rounded-full" />
                  ) : (
                    <ShareChart
                      slices={slices}
                      centerValue={formatters[metric](dashboard.totals[metric])}
                      centerLabel={t(`metric.${metric}`)}
                      format={formatters[metric]}
                    />
                  )}
                </CardContent>
              </Card>
              <Card className="min-w-0 gap-2 py-4 sm:py-5 lg:col-span-2">
                <CardHeader className="px-4 sm:px-5">
                  <CardTitle className="text-base">{t('table.title')}</CardTitle>
                </CardHeader>
                <CardContent className="px-4 sm:px-5">
                  {loading ? (
                    <Skeleton className="h-40 w-full" />
                  ) : (
                    <ModelTable
                      models={dashboard.models}
                      series={series}
                      totalQuota={dashboard.totals.quota}
                      totalCount={dashboard.totals.count}
                      formatQuota={quota}
                      formatTokens={formatTokenCount}
                      formatCount={(value) => number(value)}
                    />
                  )}
                </CardContent>
              </Card>
            </div>
          </>
        )
      )}
    </div>
  )
}
