import { useTranslation } from 'react-i18next'
import type { ModelTotals, Series } from './dashboard-aggregate'
import { seriesColor } from './dashboard-colors'

interface ModelTableProps {
  models: ModelTotals[]
  series: Series[]
  totalQuota: number
  totalCount: number
  formatQuota: (quota: number) => string
  formatTokens: (tokens: number) => string
  formatCount: (count: number) => string
}

/** Every model of the range with its requests, tokens, quota and share of the quota (of requests when nothing was charged). */
export function ModelTable({
  models,
  series,
  totalQuota,
  totalCount,
  formatQuota,
  formatTokens,
  formatCount,
}: ModelTableProps) {
  const { t } = useTranslation('dashboard')
  const colorOf = (model: string) => {
    const index = series.findIndex((s) => !s.other && s.model === model)
    return index >= 0 ? seriesColor(index) : seriesColor(0, true)
  }
  const share = (m: ModelTotals) => (totalQuota > 0 ? m.quota / totalQuota : totalCount > 0 ? m.count / totalCount : 0)
  return (
    // Scrolls sideways on narrow screens: focusable and named, so the keyboard can scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('table.title')}>
      <table className="w-full min-w-[22rem] text-sm" data-testid="dashboard-model-table">
        <thead>
          <tr className="border-b text-left text-xs whitespace-nowrap text-muted-foreground">
            <th className="py-2 pr-3 font-medium">{t('table.model')}</th>
            <th className="px-3 py-2 text-right font-medium">{t('table.requests')}</th>
            <th className="px-3 py-2 text-right font-medium">{t('table.tokens')}</th>
            <th className="px-3 py-2 text-right font-medium">{t('table.quota')}</th>
            <th className="py-2 pl-3 text-right font-medium">{t('table.share')}</th>
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.model} className="border-b last:border-0" data-testid="dashboard-model-row">
              <td className="max-w-36 py-2 pr-3 sm:max-w-56">
                <div className="flex items-center gap-2">
                  <span className="size-2.5 shrink-0 rounded-sm" style={{ background: colorOf(m.model) }} />
                  <span className="truncate font-medium" title={m.model}>
                    {m.model}
                  </span>
                </div>
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(m.count)}</td>
              <td className="px-3 py-2 text-right tabular-nums" title={String(m.tokens)}>
                {formatTokens(m.tokens)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatQuota(m.quota)}</td>
              <td className="py-2 pl-3 text-right">
                <div className="flex items-center justify-end gap-2">
                  <div className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-muted sm:block">
                    <div
                      className="h-full rounded-full"
                      style={{ width: `${(share(m) * 100).toFixed(1)}%`, background: colorOf(m.model) }}
                    />
                  </div>
                  <span className="w-12 tabular-nums text-muted-foreground">{(share(m) * 100).toFixed(1)}%</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
