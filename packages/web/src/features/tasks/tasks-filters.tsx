import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FilterButtons, FilterField } from '@/components/data-table/filter-form'
import { fromDateTimeLocal, toDateTimeLocal } from '@/features/logs/log-search'
import { cn } from '@/lib/utils'
import type { TaskSearch } from './task-search'

interface TasksFiltersProps {
  search: TaskSearch
  /** midnight today, used when the URL names no start */
  defaultStart: number
  admin: boolean
  onSearch: (next: TaskSearch) => void
}

interface Draft {
  channel_id: string
  task_id: string
  start: string
  end: string
}

const draftOf = (search: TaskSearch, defaultStart: number): Draft => ({
  channel_id: search.channel_id ? String(search.channel_id) : '',
  task_id: search.task_id ?? '',
  start: toDateTimeLocal(search.start ?? defaultStart),
  end: search.end ? toDateTimeLocal(search.end) : '',
})

/** The filter form (spec §2): channel ID (admins only), task ID, start and end time, Query. */
export function TasksFilters({ search, defaultStart, admin, onSearch }: TasksFiltersProps) {
  const { t } = useTranslation('suno')
  const [draft, setDraft] = useState<Draft>(() => draftOf(search, defaultStart))
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const channel = Number(draft.channel_id.trim())
    // The field shows minutes: an untouched time keeps its seconds (and an untouched default stays the default).
    const initial = draftOf(search, defaultStart)
    onSearch({
      channel_id: admin && Number.isInteger(channel) && channel > 0 ? channel : undefined,
      task_id: draft.task_id.trim() || undefined,
      start: draft.start === initial.start ? search.start : fromDateTimeLocal(draft.start),
      end: draft.end === initial.end ? search.end : fromDateTimeLocal(draft.end),
    })
  }
  const reset = () => {
    setDraft(draftOf({}, defaultStart))
    onSearch({})
  }
  const input = (name: keyof Draft, label: string, extra: { type?: string; inputMode?: 'numeric' } = {}) => (
    <FilterField id={`task-filter-${name}`} label={label} {...extra} {...field(name)} />
  )
  return (
    <form
      onSubmit={submit}
      role="search"
      className={cn('grid grid-cols-2 gap-2', admin ? 'lg:grid-cols-5' : 'lg:grid-cols-4')}
      data-testid="task-filters"
    >
      {admin && input('channel_id', t('filters.channelId'), { inputMode: 'numeric' })}
      {input('task_id', t('filters.taskId'))}
      {input('start', t('filters.start'), { type: 'datetime-local' })}
      {input('end', t('filters.end'), { type: 'datetime-local' })}
      <FilterButtons submitTestId="task-filter-submit" onReset={reset} className="col-span-2 lg:col-span-1" />
    </form>
  )
}
