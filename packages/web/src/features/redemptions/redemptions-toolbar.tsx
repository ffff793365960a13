import { Plus, RotateCcw, Search, Trash2 } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BatchModeButton, DataTableToolbar } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

interface RedemptionsToolbarProps {
  keyword?: string
  onSearch: (keyword: string | undefined) => void
  batchMode: boolean
  onBatchModeChange: (on: boolean) => void
  onDeleteSelected: () => void
  onAdd: () => void
  columnsMenu: ReactNode
}

export function RedemptionsToolbar({
  keyword: current,
  onSearch,
  batchMode,
  onBatchModeChange,
  onDeleteSelected,
  onAdd,
  columnsMenu,
}: RedemptionsToolbarProps) {
  const { t } = useTranslation(['redemptions', 'common'])
  const [keyword, setKeyword] = useState(current ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(keyword.trim() || undefined)
  }
  return (
    <DataTableToolbar
      actions={
        <>
          {batchMode && (
            <Button
              variant="destructive"
              size="sm"
              onClick={onDeleteSelected}
              data-testid="redemptions-delete-selected"
            >
              <Trash2 />
              {t('actions.deleteSelected')}
            </Button>
          )}
          <BatchModeButton batchMode={batchMode} onChange={onBatchModeChange} testId="redemptions-batch-mode" />
          {columnsMenu}
          <Button size="sm" onClick={onAdd} data-testid="redemptions-add">
            <Plus />
            {t('actions.add')}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} role="search" className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
        <Input
          className="h-8 w-full sm:w-56"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          data-testid="redemptions-search"
        />
        <Button type="submit" size="sm" variant="secondary">
          <Search />
          {t('common:dataTable.search')}
        </Button>
        {current && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              setKeyword('')
              onSearch(undefined)
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
