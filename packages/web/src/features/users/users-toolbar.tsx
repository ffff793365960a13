import { Plus, RotateCcw, Search } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTableToolbar } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { useGroups } from './queries'
import type { UserSearch } from './user-search'

interface UsersToolbarProps {
  search: UserSearch
  onSearch: (next: { keyword?: string; group?: string }) => void
  onAdd: () => void
  columnsMenu: ReactNode
}

/** Keyword (id, username, display name or email) and group filters; add-user on the right. */
export function UsersToolbar({ search, onSearch, onAdd, columnsMenu }: UsersToolbarProps) {
  const { t } = useTranslation(['users', 'common'])
  const groups = useGroups()
  const [keyword, setKeyword] = useState(search.keyword ?? '')
  const [group, setGroup] = useState(search.group ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch({ keyword: keyword.trim() || undefined, group: group || undefined })
  }
  const options = [...new Set([...(groups.data ?? []), ...(search.group ? [search.group] : [])])]
  return (
    <DataTableToolbar
      actions={
        <>
          {columnsMenu}
          <Button size="sm" onClick={onAdd} data-testid="users-add">
            <Plus />
            {t('actions.add')}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} role="search" className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
        <Input
          className="h-8 w-full sm:w-72"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          data-testid="users-search"
        />
        <NativeSelect
          className="h-8 w-full sm:w-40"
          value={group}
          onChange={(event) => setGroup(event.target.value)}
          aria-label={t('search.group')}
          data-testid="users-group-filter"
        >
          <option value="">{t('search.allGroups')}</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" size="sm" variant="secondary" data-testid="users-search-submit">
          <Search />
          {t('common:dataTable.search')}
        </Button>
        {(search.keyword || search.group) && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              setKeyword('')
              setGroup('')
              onSearch({})
            }}
          >
            <RotateCcw />
            {t('common:dataTable.reset')}
          </Button>
        )}
      </form>
    </DataTableToolbar>
  )
}
