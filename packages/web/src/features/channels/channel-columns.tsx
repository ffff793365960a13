import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import { ChevronRight } from 'lucide-react'
import { actionsColumn, selectionColumn } from '@/components/data-table'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import { BalanceCell, ChannelStatusBadge, ListCell, ResponseTimeBadge } from './channel-cells'
import { InlineNumber } from './channel-inline-number'
import { MultiKeyBadge } from './channel-multi-key-badge'
import { ChannelRowActions, TagRowActions, type RowHandlers } from './channel-row-actions'
import { tagSummary, type ChannelRow } from './channel-rows'

export interface ColumnContext extends RowHandlers {
  t: TFunction<'channels'>
  typeLabel: (type: number) => string
  batchMode: boolean
  expanded: ReadonlySet<string>
  toggleTag: (tag: string) => void
}

type Column = ColumnDef<ChannelRow, unknown>

/** The channel table's columns; ids match the column settings (and localStorage). */
export function channelColumns(ctx: ColumnContext): Column[] {
  const { t, actions } = ctx
  const select = selectionColumn<ChannelRow>()
  const columns: Column[] = [
    {
      id: 'id',
      meta: { label: t('columns.id') },
      header: t('columns.id'),
      size: 56,
      cell: ({ row: { original: row } }) =>
        row.kind === 'tag' ? (
          <button
            type="button"
            aria-expanded={ctx.expanded.has(row.tag)}
            aria-label={row.tag}
            onClick={() => ctx.toggleTag(row.tag)}
            className="rounded p-0.5 text-muted-foreground hover:bg-accent"
          >
            <ChevronRight className={cn('size-4 transition-transform', ctx.expanded.has(row.tag) && 'rotate-90')} />
          </button>
        ) : (
          <span className={cn('tabular-nums', row.nested && 'pl-5 text-muted-foreground')}>{row.channel.id}</span>
        ),
    },
    {
      id: 'name',
      meta: { label: t('columns.name') },
      header: t('columns.name'),
      cell: ({ row: { original: row } }) =>
        row.kind === 'tag' ? (
          <span className="flex flex-col items-start gap-0.5">
            <Badge variant="purple">{row.tag}</Badge>
            <span className="text-xs text-muted-foreground">{t('tag.channels', { count: row.channels.length })}</span>
          </span>
        ) : (
          <span className="flex max-w-56 flex-col">
            <span className="truncate font-medium" title={row.channel.name}>
              {row.channel.name}
            </span>
            {row.channel.tag && !row.nested && (
              <span className="truncate text-xs text-muted-foreground">{row.channel.tag}</span>
            )}
            <MultiKeyBadge
              channel={row.channel}
              onManage={ctx.canWrite ? () => ctx.onManageKeys(row.channel) : undefined}
            />
          </span>
        ),
    },
    {
      id: 'type',
      meta: { label: t('columns.type') },
      header: t('columns.type'),
      cell: ({ row: { original: row } }) => {
        const types = row.kind === 'tag' ? tagSummary(row.channels).types : [row.channel.type]
        return <span className="text-sm">{types.map(ctx.typeLabel).join(', ')}</span>
      },
    },
    {
      id: 'status',
      meta: { label: t('columns.status') },
      header: t('columns.status'),
      cell: ({ row: { original: row } }) => {
        if (row.kind === 'channel') return <ChannelStatusBadge channel={row.channel} />
        const status = tagSummary(row.channels).status
        const variant = status === 'enabled' ? 'success' : status === 'disabled' ? 'muted' : 'warning'
        return <Badge variant={variant}>{t(status === 'mixed' ? 'tag.mixed' : `status.${status}`)}</Badge>
      },
    },
    {
      id: 'group',
      meta: { label: t('columns.group') },
      header: t('columns.group'),
      cell: ({ row: { original: row } }) => (
        <ListCell value={row.kind === 'tag' ? tagSummary(row.channels).groups : row.channel.group} />
      ),
    },
    {
      id: 'models',
      meta: { label: t('columns.models') },
      header: t('columns.models'),
      cell: ({ row: { original: row } }) => (
        <ListCell
          value={row.kind === 'tag' ? tagSummary(row.channels).models : row.channel.models}
          max={1}
          testId="channel-models-cell"
        />
      ),
    },
    {
      id: 'response_time',
      meta: { label: t('columns.response_time') },
      header: t('columns.response_time'),
      cell: ({ row: { original: row } }) =>
        row.kind === 'channel' ? <ResponseTimeBadge channel={row.channel} /> : null,
    },
    {
      id: 'balance',
      meta: { label: t('columns.balance') },
      header: t('columns.balance'),
      cell: ({ row: { original: row } }) =>
        row.kind === 'tag' ? (
          <BalanceCell used={tagSummary(row.channels).usedQuota} />
        ) : (
          <BalanceCell
            used={row.channel.used_quota}
            balance={row.channel.balance}
            onRefresh={() => actions.updateBalance.mutate(row.channel)}
          />
        ),
    },
    ...(['priority', 'weight'] as const).map((kind): Column => ({
      id: kind,
      meta: { label: t(`columns.${kind}`) },
      header: t(`columns.${kind}`),
      size: 80,
      cell: ({ row: { original: row } }) => {
        const testId = row.kind === 'tag' ? `tag-${kind}-${row.tag}` : `channel-${kind}-${row.channel.id}`
        const value = row.kind === 'tag' ? tagSummary(row.channels)[kind] : row.channel[kind]
        // Editing in place is a channel change: read-only admins see the number.
        if (!ctx.canWrite)
          return (
            <span className="tabular-nums" data-testid={testId}>
              {value}
            </span>
          )
        return row.kind === 'tag' ? (
          <InlineNumber
            key={`${row.tag}-${kind}`}
            kind={kind}
            label={`${row.tag} ${t(`columns.${kind}`)}`}
            testId={testId}
            value={value}
            onSave={(next) => actions.editTag.mutateAsync({ tag: row.tag, [kind]: next })}
          />
        ) : (
          <InlineNumber
            kind={kind}
            label={`${row.channel.name} ${t(`columns.${kind}`)}`}
            testId={testId}
            value={value}
            onSave={(next) => actions.update.mutateAsync({ id: row.channel.id, [kind]: next })}
          />
        )
      },
    })),
    actionsColumn<ChannelRow>({
      label: t('columns.actions'),
      sticky: false,
      cell: ({ row: { original: row } }) =>
        row.kind === 'tag' ? (
          <TagRowActions tag={row.tag} handlers={ctx} />
        ) : (
          <ChannelRowActions channel={row.channel} handlers={ctx} />
        ),
    }),
  ]
  if (!ctx.batchMode) return columns
  return [
    {
      ...select,
      cell: (context) =>
        context.row.original.kind === 'tag' ? null : typeof select.cell === 'function' ? select.cell(context) : null,
    },
    ...columns,
  ]
}
