import { formatQuota, LogType, type Log, type QuotaDisplay } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import { ChevronDown, ChevronRight } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatLocalDateTime } from '@/lib/date-time'
import { logContentText } from './log-content'
import { firstTokenTone, num, parseOther, retryPath, typeVariant, useTimeTone } from './log-format'

interface LogColumnOptions {
  t: TFunction<'logs'>
  language: string
  display: QuotaDisplay
  admin: boolean
  expanded: ReadonlySet<number>
  onToggle: (id: number) => void
  onUser: (log: Log) => void
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>
const logTypes: readonly number[] = Object.values(LogType)
const typeLabel = (t: TFunction<'logs'>, type: number) =>
  logTypes.includes(type) ? t(`types.${String(type) as '1'}`) : t('types.unknown')

/** The log table's columns; channel, user and retry exist for admins only. */
export function logColumns({
  t,
  language,
  display,
  admin,
  expanded,
  onToggle,
  onUser,
}: LogColumnOptions): ColumnDef<Log, unknown>[] {
  const columns: (ColumnDef<Log, unknown> | false)[] = [
    {
      id: 'expand',
      header: '',
      enableHiding: false,
      size: 36,
      meta: { label: t('columns.expand'), card: 'header' },
      cell: ({ row }) => {
        const open = expanded.has(row.original.id)
        return (
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-expanded={open}
            aria-label={open ? t('row.collapse') : t('row.expand')}
            data-testid="log-expand"
            onClick={() => onToggle(row.original.id)}
          >
            {open ? <ChevronDown /> : <ChevronRight />}
          </Button>
        )
      },
    },
    {
      id: 'time',
      header: t('columns.time'),
      meta: { label: t('columns.time') },
      enableHiding: false,
      // Date and time may break onto two lines, so the time never pushes other columns out of view.
      cell: ({ row }) => (
        <span className="block text-xs leading-tight whitespace-normal tabular-nums">
          {formatLocalDateTime(row.original.created_at, language)}
        </span>
      ),
    },
    admin && {
      id: 'channel',
      header: t('columns.channel'),
      meta: { label: t('columns.channel') },
      cell: ({ row }) =>
        row.original.channel ? (
          <Badge variant="outline" className="max-w-20" title={row.original.channel_name}>
            <span className="min-w-0 truncate">
              #{row.original.channel}
              {row.original.channel_name ? ` ${row.original.channel_name}` : ''}
            </span>
          </Badge>
        ) : (
          muted('—')
        ),
    },
    admin && {
      id: 'user',
      header: t('columns.user'),
      meta: { label: t('columns.user') },
      cell: ({ row }) =>
        row.original.username ? (
          <button
            type="button"
            className="block max-w-20 truncate font-medium text-primary underline-offset-4 hover:underline"
            data-testid="log-user"
            onClick={() => onUser(row.original)}
          >
            {row.original.username}
          </button>
        ) : (
          muted('—')
        ),
    },
    {
      id: 'token',
      header: t('columns.token'),
      meta: { label: t('columns.token') },
      cell: ({ row }) =>
        row.original.token_name ? (
          <Badge variant="muted" className="max-w-20" title={row.original.token_name}>
            <span className="min-w-0 truncate">{row.original.token_name}</span>
          </Badge>
        ) : (
          muted('—')
        ),
    },
    {
      id: 'group',
      header: t('columns.group'),
      meta: { label: t('columns.group') },
      cell: ({ row }) =>
        row.original.group ? (
          <span className="block max-w-20 truncate" title={row.original.group}>
            {row.original.group}
          </span>
        ) : (
          muted('—')
        ),
    },
    {
      id: 'type',
      header: t('columns.type'),
      meta: { label: t('columns.type') },
      cell: ({ row }) => <Badge variant={typeVariant(row.original.type)}>{typeLabel(t, row.original.type)}</Badge>,
    },
    {
      id: 'model',
      header: t('columns.model'),
      meta: { label: t('columns.model') },
      cell: ({ row }) => {
        const other = parseOther(row.original.other)
        return (
          <span className="inline-flex max-w-32 items-center gap-1.5">
            <span className="min-w-0 truncate" title={row.original.model_name}>
              {row.original.model_name || muted('—')}
            </span>
            {other.is_model_mapped && other.upstream_model_name && (
              <Badge variant="info" title={other.upstream_model_name}>
                {t('row.mapped')}
              </Badge>
            )}
          </span>
        )
      },
    },
    {
      id: 'use_time',
      header: t('columns.useTime'),
      meta: { label: t('columns.useTime') },
      cell: ({ row }) => {
        if (row.original.type !== LogType.consume && row.original.type !== LogType.error) return muted('—')
        const frt = parseOther(row.original.other).frt ?? -1
        return (
          <span className="inline-flex flex-wrap items-center gap-1">
            <Badge variant={useTimeTone(row.original.use_time)} data-testid="log-use-time">
              {t('row.seconds', { value: row.original.use_time })}
            </Badge>
            {row.original.is_stream && frt > 0 && (
              <Badge variant={firstTokenTone(frt)} data-testid="log-frt">
                {t('row.seconds', { value: num(frt / 1000) })}
              </Badge>
            )}
            <Badge variant="muted">{row.original.is_stream ? t('row.stream') : t('row.notStream')}</Badge>
          </span>
        )
      },
    },
    {
      id: 'prompt_tokens',
      header: t('columns.prompt'),
      meta: { label: t('columns.prompt') },
      cell: ({ row }) => <span className="tabular-nums">{row.original.prompt_tokens || muted('—')}</span>,
    },
    {
      id: 'completion_tokens',
      header: t('columns.completion'),
      meta: { label: t('columns.completion') },
      cell: ({ row }) => <span className="tabular-nums">{row.original.completion_tokens || muted('—')}</span>,
    },
    {
      id: 'quota',
      header: t('columns.quota'),
      meta: { label: t('columns.quota') },
      cell: ({ row }) => (
        <span className="tabular-nums" data-testid="log-quota">
          {formatQuota(row.original.quota, display, 6)}
        </span>
      ),
    },
    admin && {
      id: 'retry',
      header: t('columns.retry'),
      meta: { label: t('columns.retry') },
      cell: ({ row }) => {
        const path = retryPath(parseOther(row.original.other))
        return path.length > 1 ? (
          <span className="block max-w-16 truncate" title={t('row.retryPath', { path: path.join(' → ') })}>
            {path.join(' → ')}
          </span>
        ) : (
          muted('—')
        )
      },
    },
    {
      id: 'content',
      header: t('columns.content'),
      meta: { label: t('columns.content') },
      cell: ({ row }) => {
        const text = logContentText(row.original, t)
        return (
          <span className="block max-w-56 truncate text-muted-foreground" title={text}>
            {text || '—'}
          </span>
        )
      },
    },
  ]
  return columns.filter((column): column is ColumnDef<Log, unknown> => column !== false)
}
