import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FilterButtons, FilterField } from '@/components/data-table/filter-form'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { fromDateTimeLocal, toDateTimeLocal, type LogSearch } from './log-search'

interface LogsFiltersProps {
  search: LogSearch
  /** The range used when the URL names none. */
  range: { start: number; end: number }
  admin: boolean
  onSearch: (next: LogSearch) => void
  /** The column menu, drawn with the buttons. */
  columnsMenu: ReactNode
}

interface Draft {
  token_name: string
  model_name: string
  group: string
  username: string
  channel: string
  request_id: string
  upstream_request_id: string
  start: string
  end: string
}

const draftOf = (search: LogSearch, range: { start: number; end: number }): Draft => ({
  token_name: search.token_name ?? '',
  model_name: search.model_name ?? '',
  group: search.group ?? '',
  username: search.username ?? '',
  channel: search.channel ? String(search.channel) : '',
  request_id: search.request_id ?? '',
  upstream_request_id: search.upstream_request_id ?? '',
  start: toDateTimeLocal(search.start ?? range.start),
  end: toDateTimeLocal(search.end ?? range.end),
})

const TYPES = [0, 1, 2, 3, 4] as const

/**
 * The filter bar: token, model, group, request ids, time range (and username and channel for admins) are
 * submitted together into the URL with Query; the type dropdown applies at once.
 */
export function LogsFilters({ search, range, admin, onSearch, columnsMenu }: LogsFiltersProps) {
  const { t } = useTranslation('logs')
  const [draft, setDraft] = useState<Draft>(() => draftOf(search, range))
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const channel = Number(draft.channel)
    onSearch({
      type: search.type,
      token_name: draft.token_name.trim() || undefined,
      model_name: draft.model_name.trim() || undefined,
      group: draft.group.trim() || undefined,
      username: admin ? draft.username.trim() || undefined : undefined,
      channel: admin && Number.isInteger(channel) && channel > 0 ? channel : undefined,
      request_id: draft.request_id.trim() || undefined,
      upstream_request_id: draft.upstream_request_id.trim() || undefined,
      start: fromDateTimeLocal(draft.start),
      end: fromDateTimeLocal(draft.end),
    })
  }
  const reset = () => {
    setDraft(draftOf({}, range))
    onSearch({})
  }

  const input = (name: keyof Draft, label: string, extra: { type?: string; inputMode?: 'numeric' } = {}) => (
    <FilterField id={`log-filter-${name}`} label={label} {...extra} {...field(name)} />
  )

  return (
    <form onSubmit={submit} role="search" className="grid grid-cols-2 gap-2 lg:grid-cols-4" data-testid="log-filters">
      {input('token_name', t('filters.tokenName'))}
      {input('model_name', t('filters.modelName'))}
      {input('start', t('filters.start'), { type: 'datetime-local' })}
      {input('end', t('filters.end'), { type: 'datetime-local' })}
      {input('group', t('filters.group'))}
      {admin && input('username', t('filters.username'))}
      {admin && input('channel', t('filters.channel'), { inputMode: 'numeric' })}
      {input('request_id', t('filters.requestId'))}
      {input('upstream_request_id', t('filters.upstreamRequestId'))}
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor="log-filter-type" className="text-xs text-muted-foreground">
          {t('filters.type')}
        </Label>
        <NativeSelect
          id="log-filter-type"
          className="h-8"
          data-testid="log-filter-type"
          value={String(search.type ?? 0)}
          onChange={(event) => onSearch({ ...search, type: Number(event.target.value) || undefined, p: undefined })}
        >
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <FilterButtons submitTestId="log-filter-submit" onReset={reset} className="col-span-2 lg:col-span-4">
        <div className="ml-auto">{columnsMenu}</div>
      </FilterButtons>
    </form>
  )
}
