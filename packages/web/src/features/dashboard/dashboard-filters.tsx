import { QUOTA_DATA_SELF_MAX_SPAN_SECONDS } from '@gateway/shared'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FilterButtons, FilterField } from '@/components/data-table/filter-form'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { fromDateTimeLocal, toDateTimeLocal } from '@/features/logs/log-search'
import { GRANULARITIES, PRESET_DAYS, presetRange, type DashboardSearch, type Granularity } from './dashboard-search'

interface DashboardFiltersProps {
  search: DashboardSearch
  /** the range shown (the URL's or the granularity's default) */
  range: { start: number; end: number }
  granularity: Granularity
  admin: boolean
  onSearch: (next: DashboardSearch) => void
}

interface Draft {
  start: string
  end: string
  username: string
}

const draftOf = (search: DashboardSearch, range: { start: number; end: number }): Draft => ({
  start: toDateTimeLocal(range.start),
  end: toDateTimeLocal(range.end),
  username: search.username ?? '',
})

/**
 * Granularity (applies at once), presets (apply at once), and a start/end range with, for admins,
 * a username, submitted together. A user's range is held to the server's one month before it is sent.
 */
export function DashboardFilters({ search, range, granularity, admin, onSearch }: DashboardFiltersProps) {
  const { t } = useTranslation('dashboard')
  const [draft, setDraft] = useState<Draft>(() => draftOf(search, range))
  const [error, setError] = useState('')
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const start = fromDateTimeLocal(draft.start)
    const end = fromDateTimeLocal(draft.end)
    if (start === undefined || end === undefined) return setError(t('filters.rangeRequired'))
    if (end < start) return setError(t('filters.rangeReversed'))
    if (!admin && end - start > QUOTA_DATA_SELF_MAX_SPAN_SECONDS) return setError(t('filters.rangeTooLong'))
    setError('')
    onSearch({ ...search, start, end, username: admin ? draft.username.trim() || undefined : undefined })
  }
  const preset = (days: number) => {
    const next = presetRange(days)
    setDraft((current) => ({ ...current, ...draftOf(search, next), username: current.username }))
    setError('')
    onSearch({ ...search, ...next })
  }
  const reset = () => {
    setError('')
    onSearch({})
    setDraft(draftOf({}, range))
  }

  return (
    <form
      onSubmit={submit}
      role="search"
      className="flex flex-col gap-3 rounded-xl border bg-card p-3 sm:p-4"
      data-testid="dashboard-filters"
    >
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="dashboard-granularity" className="text-xs text-muted-foreground">
            {t('filters.granularity')}
          </Label>
          <NativeSelect
            id="dashboard-granularity"
            className="h-8"
            data-testid="dashboard-granularity"
            value={granularity}
            onChange={(event) => onSearch({ ...search, granularity: event.target.value as Granularity })}
          >
            {GRANULARITIES.map((value) => (
              <option key={value} value={value}>
                {t(`granularity.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {admin ? (
          <FilterField
            id="dashboard-username"
            label={t('filters.username')}
            placeholder={t('filters.allUsers')}
            {...field('username')}
          />
        ) : (
          <div className="hidden lg:block" />
        )}
        <FilterField id="dashboard-start" label={t('filters.start')} type="datetime-local" {...field('start')} />
        <FilterField id="dashboard-end" label={t('filters.end')} type="datetime-local" {...field('end')} />
      </div>
      {error && (
        <p className="text-xs text-destructive" role="alert" data-testid="dashboard-filter-error">
          {error}
        </p>
      )}
      <FilterButtons submitTestId="dashboard-submit" onReset={reset} className="items-center">
        <div className="flex flex-wrap items-center gap-1 sm:ml-auto" role="group" aria-label={t('filters.presets')}>
          {PRESET_DAYS.map((days) => (
            <Button
              key={days}
              type="button"
              size="sm"
              variant="outline"
              className="h-7 px-2.5 text-xs"
              onClick={() => preset(days)}
              data-testid={`dashboard-preset-${days}`}
            >
              {days === 1 ? t('filters.last24h') : t('filters.lastDays', { days })}
            </Button>
          ))}
        </div>
      </FilterButtons>
    </form>
  )
}
