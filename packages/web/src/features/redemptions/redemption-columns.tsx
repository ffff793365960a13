import type { QuotaDisplay, Redemption } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { actionsColumn, mutedText, numberText, quotaText, timeText, valueColumn } from '@/components/data-table'
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

export function redemptionColumns({
  t,
  language,
  display,
  actions,
}: RedemptionColumnOptions): ColumnDef<Redemption, unknown>[] {
  return [
    valueColumn<Redemption>('id', t('columns.id'), (r) => numberText(r.id), { size: 64 }),
    valueColumn<Redemption>(
      'name',
      t('columns.name'),
      (r) => <span className="font-medium">{r.name || mutedText('—')}</span>,
      {
        enableHiding: false,
      }
    ),
    valueColumn<Redemption>('key', t('columns.key'), (r) => (
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="redemption-key">
        {maskKey(r.key)}
      </code>
    )),
    valueColumn<Redemption>('status', t('columns.status'), (r) => <RedemptionStatusBadge status={r.status} />),
    valueColumn<Redemption>('quota', t('columns.quota'), (r) => quotaText(r.quota, display)),
    valueColumn<Redemption>('created_time', t('columns.createdTime'), (r) => timeText(r.created_time, language)),
    valueColumn<Redemption>('redeemed_time', t('columns.redeemedTime'), (r) =>
      r.redeemed_time ? timeText(r.redeemed_time, language) : mutedText(t('notYet'))
    ),
    valueColumn<Redemption>('expired_time', t('columns.expiredTime'), (r) => {
      // 0 (and a code from a server that does not send the field) never expires.
      if (!r.expired_time) return mutedText(t('never'))
      const passed = r.expired_time < Date.now() / 1000
      return (
        <span
          className={passed ? 'tabular-nums text-destructive' : 'tabular-nums'}
          title={passed ? t('expired') : undefined}
        >
          {formatLocalDateTime(r.expired_time, language)}
        </span>
      )
    }),
    valueColumn<Redemption>('used_user_id', t('columns.usedBy'), (r) =>
      r.used_user_id ? numberText(`#${r.used_user_id}`) : mutedText('—')
    ),
    actionsColumn<Redemption>({ label: t('columns.actions'), cell: ({ row }) => actions(row.original) }),
  ]
}
