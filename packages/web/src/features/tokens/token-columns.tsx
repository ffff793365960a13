import { formatQuota, type QuotaDisplay, type Token } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { actionsColumn } from '@/components/data-table'
import { Badge } from '@/components/ui/badge'
import { formatLocalDateTime } from '@/lib/date-time'
import { TokenStatusBadge } from './token-status-badge'
import { TruncatedText } from './token-truncated-text'

interface TokenColumnOptions {
  t: TFunction<'tokens'>
  language: string
  display: QuotaDisplay
  /** The key cell: masked, or revealed on request. */
  keyCell: (token: Token) => ReactNode
  /** The trailing actions cell. */
  actions: (token: Token) => ReactNode
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>

/** The columns of the token table; `meta.label` names each one in the column menu. */
export function tokenColumns({
  t,
  language,
  display,
  keyCell,
  actions,
}: TokenColumnOptions): ColumnDef<Token, unknown>[] {
  return [
    {
      id: 'name',
      header: t('columns.name'),
      meta: { label: t('columns.name') },
      enableHiding: false,
      cell: ({ row }) => <span className="font-medium">{row.original.name || muted('—')}</span>,
    },
    {
      id: 'key',
      header: t('columns.key'),
      meta: { label: t('columns.key') },
      cell: ({ row }) => keyCell(row.original),
    },
    {
      id: 'status',
      header: t('columns.status'),
      meta: { label: t('columns.status') },
      cell: ({ row }) => <TokenStatusBadge status={row.original.status} />,
    },
    {
      id: 'remain_quota',
      header: t('columns.remainQuota'),
      meta: { label: t('columns.remainQuota') },
      cell: ({ row }) =>
        row.original.unlimited_quota ? (
          <Badge variant="info">{t('unlimited')}</Badge>
        ) : (
          <span className="tabular-nums">{formatQuota(row.original.remain_quota, display)}</span>
        ),
    },
    {
      id: 'used_quota',
      header: t('columns.usedQuota'),
      meta: { label: t('columns.usedQuota') },
      cell: ({ row }) => <span className="tabular-nums">{formatQuota(row.original.used_quota, display)}</span>,
    },
    {
      id: 'created_time',
      header: t('columns.createdTime'),
      meta: { label: t('columns.createdTime') },
      cell: ({ row }) => (
        <span className="tabular-nums">{formatLocalDateTime(row.original.created_time, language)}</span>
      ),
    },
    {
      id: 'expired_time',
      header: t('columns.expiredTime'),
      meta: { label: t('columns.expiredTime') },
      cell: ({ row }) =>
        row.original.expired_time === -1 ? (
          muted(t('never'))
        ) : (
          <span className="tabular-nums">{formatLocalDateTime(row.original.expired_time, language)}</span>
        ),
    },
    {
      id: 'group',
      header: t('columns.group'),
      meta: { label: t('columns.group') },
      cell: ({ row }) =>
        row.original.group ? (
          <span className="inline-flex items-center gap-1">
            <Badge variant="outline">{row.original.group}</Badge>
            {row.original.cross_group_retry && (
              <Badge variant="secondary" data-testid="token-cross-group-retry-badge">
                {t('editor.crossGroupRetry')}
              </Badge>
            )}
          </span>
        ) : (
          muted(t('groupDefault'))
        ),
    },
    {
      id: 'model_limits',
      header: t('columns.modelLimits'),
      meta: { label: t('columns.modelLimits') },
      cell: ({ row }) =>
        row.original.model_limits_enabled && row.original.model_limits ? (
          <TruncatedText text={row.original.model_limits.split(',').join(', ')} />
        ) : (
          muted(t('noLimit'))
        ),
    },
    {
      id: 'allow_ips',
      header: t('columns.allowIps'),
      meta: { label: t('columns.allowIps') },
      cell: ({ row }) =>
        row.original.allow_ips ? (
          <TruncatedText
            text={row.original.allow_ips.split('\n').join(', ')}
            full={row.original.allow_ips}
            className="font-mono text-xs"
          />
        ) : (
          muted(t('noLimit'))
        ),
    },
    actionsColumn<Token>({ label: t('columns.actions'), cell: ({ row }) => actions(row.original) }),
  ]
}
