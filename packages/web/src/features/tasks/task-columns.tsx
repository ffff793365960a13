import type { TaskRecord } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import { Badge } from '@/components/ui/badge'
import { formatLocalDateTime } from '@/lib/date-time'
import { cn } from '@/lib/utils'
import { actionKey, platformKey, statusKey, statusTone, taskDuration } from './task-format'
import { TaskProgress } from './task-progress'

interface TaskColumnOptions {
  t: TFunction<'suno'>
  language: string
  admin: boolean
  onCopyChannel: (id: number) => void
  onShowRecord: (record: TaskRecord) => void
  onShowReason: (reason: string) => void
}

/** Over a minute is slow for a task (the drawing page's rule): shown red. */
const SLOW_SECONDS = 60

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>
const time = (seconds: number, language: string) =>
  seconds ? (
    <span className="block text-xs leading-tight whitespace-normal tabular-nums">
      {formatLocalDateTime(seconds, language)}
    </span>
  ) : (
    muted('-')
  )
const pill =
  'cursor-pointer transition hover:opacity-80 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none'

/** The task log's columns (spec §2); the channel column exists for admins only. */
export function taskColumns({
  t,
  language,
  admin,
  onCopyChannel,
  onShowRecord,
  onShowReason,
}: TaskColumnOptions): ColumnDef<TaskRecord, unknown>[] {
  const columns: (ColumnDef<TaskRecord, unknown> | false)[] = [
    { id: 'submit_time', header: t('columns.submitTime'), cell: ({ row }) => time(row.original.submit_time, language) },
    { id: 'finish_time', header: t('columns.finishTime'), cell: ({ row }) => time(row.original.finish_time, language) },
    {
      id: 'progress',
      header: t('columns.progress'),
      cell: ({ row }) => <TaskProgress progress={row.original.progress} />,
    },
    {
      id: 'duration',
      header: t('columns.duration'),
      cell: ({ row }) => {
        const seconds = taskDuration(row.original)
        if (seconds === undefined) return muted('-')
        return (
          <Badge variant={seconds > SLOW_SECONDS ? 'danger' : 'success'} className="tabular-nums">
            {t('seconds', { count: seconds })}
          </Badge>
        )
      },
    },
    admin && {
      id: 'channel',
      header: t('columns.channel'),
      cell: ({ row }) => {
        const id = row.original.channel_id ?? 0
        return (
          <button
            type="button"
            className={cn('rounded-md', pill)}
            onClick={() => onCopyChannel(id)}
            aria-label={t('copyChannel', { id })}
            data-testid="task-channel"
          >
            <Badge variant="info" className="tabular-nums">
              {id}
            </Badge>
          </button>
        )
      },
    },
    {
      id: 'platform',
      header: t('columns.platform'),
      cell: ({ row }) => (
        <Badge variant={platformKey(row.original.platform) === 'suno' ? 'purple' : 'muted'}>
          {t(`platform.${platformKey(row.original.platform)}`)}
        </Badge>
      ),
    },
    {
      id: 'type',
      header: t('columns.type'),
      cell: ({ row }) => {
        const key = actionKey(row.original.action)
        return (
          <Badge variant={key === 'MUSIC' ? 'info' : key === 'LYRICS' ? 'warning' : 'muted'}>
            {t(`action.${key}`)}
          </Badge>
        )
      },
    },
    {
      id: 'task_id',
      header: t('columns.taskId'),
      cell: ({ row }) => (
        <button
          type="button"
          className="block max-w-36 truncate rounded font-mono text-xs text-primary underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
          title={row.original.task_id}
          aria-label={t('showTask', { id: row.original.task_id })}
          onClick={() => onShowRecord(row.original)}
          data-testid="task-id"
        >
          {row.original.task_id || '-'}
        </button>
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: ({ row }) => {
        const key = statusKey(row.original.status)
        return <Badge variant={statusTone(key)}>{t(`status.${key}`)}</Badge>
      },
    },
    {
      id: 'fail_reason',
      header: t('columns.failReason'),
      cell: ({ row }) => {
        const reason = row.original.fail_reason
        if (!reason) return muted(t('none'))
        return (
          <button
            type="button"
            className="block max-w-40 truncate rounded text-left text-xs text-destructive underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
            title={t('showReason')}
            onClick={() => onShowReason(reason)}
            data-testid="task-fail-reason"
          >
            {reason}
          </button>
        )
      },
    },
  ]
  return columns.filter((column): column is ColumnDef<TaskRecord, unknown> => column !== false)
}
