import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FilterButtons, FilterField } from '@/components/data-table/filter-form'
import { fromDateTimeLocal, toDateTimeLocal } from '@/features/logs/log-search'
import type { MjSearch } from './midjourney-search'

interface MjFiltersProps {
  search: MjSearch
  /** The range shown when the URL names none. */
  range: { start: number; end: number }
  admin: boolean
  onSearch: (next: MjSearch) => void
}

interface Draft {
  channel_id: string
  mj_id: string
  start: string
  end: string
}

const draftOf = (search: MjSearch, range: { start: number; end: number }): Draft => ({
  channel_id: search.channel_id ? String(search.channel_id) : '',
  mj_id: search.mj_id ?? '',
  start: toDateTimeLocal(search.start ?? range.start),
  end: toDateTimeLocal(search.end ?? range.end),
})

/** Channel id (admins), task id and the time range, submitted together into the URL with Query. */
export function MjFilters({ search, range, admin, onSearch }: MjFiltersProps) {
  const { t } = useTranslation('midjourney')
  const [draft, setDraft] = useState<Draft>(() => draftOf(search, range))
  const initialEnd = toDateTimeLocal(range.end)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const channel = Number(draft.channel_id)
    onSearch({
      channel_id: admin && Number.isInteger(channel) && channel > 0 ? channel : undefined,
      mj_id: draft.mj_id.trim() || undefined,
      start: fromDateTimeLocal(draft.start),
      // The untouched default end ("now" when the page opened) stays open-ended, so new tasks keep showing.
      end: draft.end === initialEnd && search.end === undefined ? undefined : fromDateTimeLocal(draft.end),
    })
  }
  const reset = () => {
    setDraft(draftOf({}, range))
    onSearch({})
  }

  const input = (name: keyof Draft, label: string, extra: { type?: string; inputMode?: 'numeric' } = {}) => (
    <FilterField
      id={`mj-filter-${name}`}
      label={label}
      value={draft[name]}
      onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
      {...extra}
    />
  )

  return (
    <form onSubmit={submit} role="search" className="grid grid-cols-2 gap-2 lg:grid-cols-4" data-testid="mj-filters">
      {admin && input('channel_id', t('filters.channel'), { inputMode: 'numeric' })}
      {input('mj_id', t('filters.mjId'))}
      {input('start', t('filters.start'), { type: 'datetime-local' })}
      {input('end', t('filters.end'), { type: 'datetime-local' })}
      <FilterButtons submitTestId="mj-filter-submit" onReset={reset} className="col-span-2 lg:col-span-4" />
    </form>
  )
}
