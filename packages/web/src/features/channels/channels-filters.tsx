import { RotateCcw, Search } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import type { ChannelsSearch } from './channel-search'
import { useEnabledModels, useGroups } from './queries'

interface FilterBarProps {
  search: ChannelsSearch
  onSearch: (search: ChannelsSearch) => void
}

const clean = (value: string) => value.trim() || undefined

/** Keyword, model and group; applied (and written to the URL) on Enter or the search button. */
export function ChannelsFilterBar({ search, onSearch }: FilterBarProps) {
  const { t } = useTranslation('channels')
  const groups = useGroups()
  const models = useEnabledModels()
  const [keyword, setKeyword] = useState(search.keyword ?? '')
  const [model, setModel] = useState(search.model ?? '')
  const apply = (group = search.group) =>
    onSearch({ keyword: clean(keyword), model: clean(model), group: group || undefined })
  const reset = () => {
    setKeyword('')
    setModel('')
    onSearch({})
  }
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        apply()
      }}
    >
      <Input
        className="h-8 w-full sm:w-64"
        value={keyword}
        placeholder={t('filters.keyword')}
        aria-label={t('filters.keyword')}
        data-testid="channel-filter-keyword"
        onChange={(event) => setKeyword(event.target.value)}
      />
      <Input
        className="h-8 w-[calc(50%-0.25rem)] sm:w-40"
        value={model}
        placeholder={t('filters.model')}
        aria-label={t('filters.model')}
        data-testid="channel-filter-model"
        list="channel-filter-models"
        onChange={(event) => setModel(event.target.value)}
      />
      <datalist id="channel-filter-models">
        {(models.data ?? []).map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <NativeSelect
        className="h-8 w-[calc(50%-0.25rem)] sm:w-36"
        aria-label={t('filters.group')}
        data-testid="channel-filter-group"
        value={search.group ?? ''}
        onChange={(event) => apply(event.target.value)}
      >
        <option value="">{t('filters.group')}</option>
        {(groups.data ?? []).map((group) => (
          <option key={group} value={group}>
            {group}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="secondary" data-testid="channel-filter-search">
        <Search />
        {t('filters.search')}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={reset}>
        <RotateCcw />
        {t('filters.reset')}
      </Button>
    </form>
  )
}
