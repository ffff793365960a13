import type { MjTask } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import { Badge } from '@/components/ui/badge'
import { formatLocalDateTime } from '@/lib/date-time'
import { cn } from '@/lib/utils'
import {
  actionVariant,
  codeVariant,
  durationSeconds,
  durationTone,
  isMjAction,
  isMjCode,
  isMjStatus,
  progressPercent,
  statusVariant,
} from './midjourney-format'

interface MjColumnOptions {
  t: TFunction<'midjourney'>
  language: string
  admin: boolean
  onImage: (task: MjTask) => void
  onText: (text: string) => void
}

const none = (t: TFunction<'midjourney'>) => <span className="text-muted-foreground">{t('none')}</span>

/** A long text cut to one line; clicking it shows all of it. */
function LongText({ text, onOpen, testId }: { text: string; onOpen: (text: string) => void; testId: string }) {
  return (
    <button
      type="button"
      title={text}
      data-testid={testId}
      className="block max-w-40 truncate text-left hover:underline"
      onClick={() => onOpen(text)}
    >
      {text}
    </button>
  )
}

function Progress({ value, failed }: { value: string; failed: boolean }) {
  const percent = progressPercent(value)
  if (percent === undefined) return <span className="tabular-nums">{value || '-'}</span>
  return (
    <div className="flex items-center gap-2" data-testid="mj-progress">
      <div
        className="h-1.5 w-14 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={cn('h-full rounded-full', failed ? 'bg-destructive' : percent >= 100 ? 'bg-success' : 'bg-info')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-xs tabular-nums">{value}</span>
    </div>
  )
}

/** The drawing table's columns; the channel exists for admins only. */
export function mjColumns({ t, language, admin, onImage, onText }: MjColumnOptions): ColumnDef<MjTask, unknown>[] {
  const columns: (ColumnDef<MjTask, unknown> | false)[] = [
    {
      id: 'submit_time',
      header: t('columns.submitTime'),
      cell: ({ row }) => (
        <span className="block text-xs leading-tight whitespace-normal tabular-nums">
          {formatLocalDateTime(Math.floor(row.original.submit_time / 1000), language)}
        </span>
      ),
    },
    admin && {
      id: 'channel',
      header: t('columns.channel'),
      cell: ({ row }) => <Badge variant="outline">#{row.original.channel_id}</Badge>,
    },
    {
      id: 'action',
      header: t('columns.action'),
      cell: ({ row }) => {
        const action = row.original.action
        return (
          <Badge variant={actionVariant(action)} data-testid="mj-action">
            {isMjAction(action) ? t(`actions.${action}`) : t('actions.unknown')}
          </Badge>
        )
      },
    },
    {
      id: 'mj_id',
      header: t('columns.mjId'),
      cell: ({ row }) => (
        <span className="block max-w-32 truncate font-mono text-xs" title={row.original.mj_id} data-testid="mj-id">
          {row.original.mj_id || '-'}
        </span>
      ),
    },
    {
      id: 'code',
      header: t('columns.code'),
      cell: ({ row }) => {
        const code = row.original.code
        return (
          <Badge variant={codeVariant(code)} data-testid="mj-code">
            {isMjCode(code) ? t(`codes.${String(code) as '1'}`) : `${t('codes.unknown')} (${code})`}
          </Badge>
        )
      },
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: ({ row }) => {
        const status = row.original.status
        return (
          <Badge variant={statusVariant(status)} data-testid="mj-status">
            {isMjStatus(status) ? t(`statuses.${status}`) : t('statuses.unknown')}
          </Badge>
        )
      },
    },
    {
      id: 'progress',
      header: t('columns.progress'),
      cell: ({ row }) => <Progress value={row.original.progress} failed={row.original.status === 'FAILURE'} />,
    },
    {
      id: 'image',
      header: t('columns.image'),
      cell: ({ row }) =>
        row.original.image_url ? (
          <button
            type="button"
            className="group block size-8 overflow-hidden rounded-md border bg-muted"
            aria-label={t('viewImage')}
            title={t('viewImage')}
            data-testid="mj-image"
            onClick={() => onImage(row.original)}
          >
            <img
              src={row.original.image_url}
              alt=""
              loading="lazy"
              className="size-full object-cover transition group-hover:scale-105"
            />
          </button>
        ) : (
          none(t)
        ),
    },
    {
      id: 'prompt',
      header: t('columns.prompt'),
      cell: ({ row }) =>
        row.original.prompt ? <LongText text={row.original.prompt} onOpen={onText} testId="mj-prompt" /> : none(t),
    },
    {
      id: 'prompt_en',
      header: t('columns.promptEn'),
      cell: ({ row }) =>
        row.original.prompt_en ? (
          <LongText text={row.original.prompt_en} onOpen={onText} testId="mj-prompt-en" />
        ) : (
          none(t)
        ),
    },
    {
      id: 'fail_reason',
      header: t('columns.failReason'),
      cell: ({ row }) =>
        row.original.fail_reason ? (
          <span className="block max-w-32 text-destructive">
            <LongText text={row.original.fail_reason} onOpen={onText} testId="mj-fail-reason" />
          </span>
        ) : (
          none(t)
        ),
    },
    {
      id: 'duration',
      header: t('columns.duration'),
      cell: ({ row }) => {
        const seconds = durationSeconds(row.original)
        if (seconds === undefined) return none(t)
        return (
          <span className={cn('tabular-nums', durationTone(seconds))} data-testid="mj-duration">
            {t('seconds', { count: seconds })}
          </span>
        )
      },
    },
  ]
  return columns.filter((column): column is ColumnDef<MjTask, unknown> => column !== false)
}
