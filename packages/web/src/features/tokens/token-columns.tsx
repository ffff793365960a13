import type { QuotaDisplay, Token } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { actionsColumn, mutedText, quotaText, timeText, valueColumn } from '@/components/data-table'
import { Badge } from '@/components/ui/badge'
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

/** The columns of the token table; `meta.label` names each one in the column menu. */
export function tokenColumns({
  t,
  language,
  display,
  keyCell,
  actions,
}: TokenColumnOptions): ColumnDef<Token, unknown>[] {
  const noLimit = mutedText(t('noLimit'))
  return [
    valueColumn<Token>(
      'name',
      t('columns.name'),
      (token) => <span className="font-medium">{token.name || mutedText('—')}</span>,
      {
        enableHiding: false,
      }
    ),
    valueColumn<Token>('key', t('columns.key'), keyCell),
    valueColumn<Token>('status', t('columns.status'), (token) => <TokenStatusBadge status={token.status} />),
    valueColumn<Token>('remain_quota', t('columns.remainQuota'), (token) =>
      token.unlimited_quota ? <Badge variant="info">{t('unlimited')}</Badge> : quotaText(token.remain_quota, display)
    ),
    valueColumn<Token>('used_quota', t('columns.usedQuota'), (token) => quotaText(token.used_quota, display)),
    valueColumn<Token>('created_time', t('columns.createdTime'), (token) => timeText(token.created_time, language)),
    valueColumn<Token>('expired_time', t('columns.expiredTime'), (token) =>
      token.expired_time === -1 ? mutedText(t('never')) : timeText(token.expired_time, language)
    ),
    valueColumn<Token>('group', t('columns.group'), (token) =>
      token.group ? (
        <span className="inline-flex items-center gap-1">
          <Badge variant="outline">{token.group}</Badge>
          {token.cross_group_retry && (
            <Badge variant="secondary" data-testid="token-cross-group-retry-badge">
              {t('editor.crossGroupRetry')}
            </Badge>
          )}
        </span>
      ) : (
        mutedText(t('groupDefault'))
      )
    ),
    valueColumn<Token>('model_limits', t('columns.modelLimits'), (token) =>
      token.model_limits_enabled && token.model_limits ? (
        <TruncatedText text={token.model_limits.split(',').join(', ')} />
      ) : (
        noLimit
      )
    ),
    valueColumn<Token>('allow_ips', t('columns.allowIps'), (token) =>
      token.allow_ips ? (
        <TruncatedText
          text={token.allow_ips.split('\n').join(', ')}
          full={token.allow_ips}
          className="font-mono text-xs"
        />
      ) : (
        noLimit
      )
    ),
    actionsColumn<Token>({ label: t('columns.actions'), cell: ({ row }) => actions(row.original) }),
  ]
}
