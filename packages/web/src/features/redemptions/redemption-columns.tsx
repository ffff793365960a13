import { formatQuota, type QuotaDisplay, type Redemption } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { actionsColumn } from '@/components/data-table'
import { formatLocalDateTime } from '@/lib/date-time'
import { RedemptionStatusBadge } from './redemption-status-badge'

interface RedemptionColumnOptions {
  t: TFunction<'redemptions'>
  language: string
  display: QuotaDisplay
  actions: (redemption: Redemption) => ReactNode
}

/** `abcd••••wxyz`: enough to tell codes apart without showing them whole. */
export function maskKey(key: string): string {
  return key.length <= 8 ? key : `${key.slice(0, 4)}••••${key.slice(-4)}`
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>

export function redemptionColumns({
  t,
  language,
  display,
  actions,
}: RedemptionColumnOptions): ColumnDef<Redemption, unknown>[] {
  return [
    {
      id: 'id',
      header: t('columns.id'),
      meta: { label: t('columns.id') },
      size: 64,
      cell: ({ row }) => <span className="tabular-nums">{row.original.id}</span>,
    },
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
      cell: ({ row }) => (
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="redemption-key">
          {maskKey(row.original.key)}
        </code>
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      meta: { label: t('columns.status') },
      cell: ({ row }) => <RedemptionStatusBadge status={row.original.status} />,
    },
    {
      id: 'quota',
      header: t('columns.quota'),
      meta: { label: t('columns.quota') },
      cell: ({ row }) => <span className="tabular-nums">{formatQuota(row.original.quota, display)}</span>,
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
      id: 'redeemed_time',
      header: t('columns.redeemedTime'),
      meta: { label: t('columns.redeemedTime') },
      cell: ({ row }) =>
        row.original.redeemed_time ? (
          <span className="tabular-nums">{formatLocalDateTime(row.original.redeemed_time, language)}</span>
        ) : (
          muted(t('notYet'))
        ),
    },
    {
      id: 'expired_time',
      header: t('columns.expiredTime'),
      meta: { label: t('columns.expiredTime') },
      cell: ({ row }) => {
        // 0 (and a code from a server that does not send the field) never expires.
        const expired = row.original.expired_time
        if (!expired) return muted(t('never'))
        const passed = expired < Date.now() / 1000
        return (
          <span
            className={passed ? 'tabular-nums text-destructive' : 'tabular-nums'}
            title={passed ? t('expired') : undefined}
          >
            {formatLocalDateTime(expired, language)}
          </span>
        )
      },
    },
    {
      id: 'used_user_id',
      header: t('columns.usedBy'),
      meta: { label: t('columns.usedBy') },
      cell: ({ row }) =>
        row.original.used_user_id ? <span className="tabular-nums">#{row.original.used_user_id}</span> : muted('—'),
    },
    actionsColumn<Redemption>({ label: t('columns.actions'), cell: ({ row }) => actions(row.original) }),
  ]
}
