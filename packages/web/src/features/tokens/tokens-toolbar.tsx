import { Copy, Plus, RotateCcw, Search, Trash2 } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BatchModeButton, DataTableToolbar } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

interface TokensToolbarProps {
  /** The filters in force: the name from the URL, the key from the page's memory. */
  search: { keyword?: string; token?: string }
  onSearch: (next: { keyword?: string; token?: string }) => void
  batchMode: boolean
  onBatchModeChange: (on: boolean) => void
  onDeleteSelected: () => void
  onCopySelected: () => void
  onAdd: () => void
  /** The column menu, drawn with the actions. */
  columnsMenu: ReactNode
}

/** Name search (submitted into the URL) and key search (kept in memory), batch mode (copy or delete the selected), column menu and "Add token". */
export function TokensToolbar({
  search,
  onSearch,
  batchMode,
  onBatchModeChange,
  onDeleteSelected,
  onCopySelected,
  onAdd,
  columnsMenu,
}: TokensToolbarProps) {
  const { t } = useTranslation(['tokens', 'common'])
  const [keyword, setKeyword] = useState(search.keyword ?? '')
  const [token, setToken] = useState(search.token ?? '')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch({ keyword: keyword.trim() || undefined, token: token.trim() || undefined })
  }
  const reset = () => {
    setKeyword('')
    setToken('')
    onSearch({})
  }
  const filtered = Boolean(search.keyword || search.token)

  return (
    <DataTableToolbar
      actions={
        <>
          {batchMode && (
            <>
              <Button variant="outline" size="sm" onClick={onCopySelected} data-testid="tokens-copy-selected">
                <Copy />
                {t('actions.copySelected')}
              </Button>
              <Button variant="destructive" size="sm" onClick={onDeleteSelected} data-testid="tokens-delete-selected">
                <Trash2 />
                {t('actions.deleteSelected')}
              </Button>
            </>
          )}
          <BatchModeButton batchMode={batchMode} onChange={onBatchModeChange} testId="tokens-batch-mode" />
          {columnsMenu}
          <Button size="sm" onClick={onAdd} data-testid="tokens-add">
            <Plus />
            {t('actions.add')}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} className="flex w-full flex-wrap items-center gap-2 sm:w-auto" role="search">
        <Input
          className="h-8 w-full sm:w-40"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t('search.namePlaceholder')}
          aria-label={t('search.name')}
          data-testid="tokens-search-name"
        />
        <Input
          className="h-8 w-full font-mono sm:w-48"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          placeholder={t('search.keyPlaceholder')}
          aria-label={t('search.key')}
          data-testid="tokens-search-key"
        />
        <Button type="submit" size="sm" variant="secondary" data-testid="tokens-search-submit">
          <Search />
          {t('common:dataTable.search')}
        </Button>
        {filtered && (
          <Button type="button" size="sm" variant="ghost" onClick={reset}>
            <RotateCcw />
            {t('common:dataTable.reset')}
          </Button>
        )}
      </form>
    </DataTableToolbar>
  )
}
