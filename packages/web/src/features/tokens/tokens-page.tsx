import type { Token } from '@gateway/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ColumnVisibilityMenu, DataTable, DeleteDialogs, DataTablePagination, useCopyText } from '@/components/data-table'
import { useListPage } from '@/components/data-table/use-list-page'
import { PageHeader } from '@/components/layout/page-header'
import { useStatus } from '@/lib/status'
import { tokenListQuery, useDeleteTokenMutation, useDeleteTokensMutation, useTokenStatusMutation } from './queries'
import { tokenColumns } from './token-columns'
import { TokenEditorDrawer, type TokenEditorTarget } from './token-editor-drawer'
import { TokenRowActions, type TokenRowHandlers } from './token-row-actions'
import type { TokenSearch } from './token-search'
import { TokensToolbar } from './tokens-toolbar'

interface TokensPageProps {
  search: TokenSearch
  onSearchChange: (next: TokenSearch) => void
}

export function TokensPage({ search, onSearchChange }: TokensPageProps) {
  const { t, i18n } = useTranslation(['tokens', 'pages'])
  const status = useStatus()
  const [editor, setEditor] = useState<TokenEditorTarget | null>(null)
  const [deleting, setDeleting] = useState<Token | null>(null)
  const [deletingMany, setDeletingMany] = useState<number[] | null>(null)
  const [copy, manualCopyDialog] = useCopyText()
  const statusMutation = useTokenStatusMutation()
  const deleteOne = useDeleteTokenMutation()
  const deleteMany = useDeleteTokensMutation()

  const handlers: TokenRowHandlers = {
    onCopy: (token) => void copy(token.key, t('toast.copied')),
    onEdit: (token) => setEditor({ mode: 'edit', id: token.id }),
    onDelete: setDeleting,
    onToggle: (token) => {
      const next = token.status === 1 ? 2 : 1
      statusMutation.mutate(
        { id: token.id, status: next },
        { onSuccess: () => toast.success(next === 1 ? t('toast.enabled') : t('toast.disabled')) },
      )
    },
  }

  const display = { quotaPerUnit: status.quota_per_unit, displayInCurrency: status.display_in_currency }
  const columns = useMemo(
    () => tokenColumns({ t, language: i18n.language, display, actions: (token) => <TokenRowActions token={token} handlers={handlers} /> }),
    // Handlers close over state setters and stable mutations only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, display.quotaPerUnit, display.displayInCurrency, status.chats],
  )
  const list = useListPage({
    search,
    onSearchChange,
    query: (page) => tokenListQuery({ ...page, keyword: search.keyword, token: search.token }),
    columns,
    visibilityKey: 'tokens-table-columns',
  })
  const { table } = list

  const deleteSelected = () => {
    const ids = list.selectedIds()
    if (ids.length === 0) {
      toast.error(t('toast.selectAtLeastOne'))
      return
    }
    setDeletingMany(ids)
  }
  const filtered = Boolean(search.keyword || search.token)

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('pages:titles.token')} description={t('description')} />
      <TokensToolbar
        search={search}
        onSearch={(next) => onSearchChange({ ...next, p: undefined })}
        batchMode={list.batchMode}
        onBatchModeChange={list.setBatch}
        onDeleteSelected={deleteSelected}
        onAdd={() => setEditor({ mode: 'create' })}
        columnsMenu={<ColumnVisibilityMenu table={table} onReset={list.resetVisibility} />}
      />
      <DataTable
        table={table}
        loading={list.loading}
        empty={filtered ? t('emptySearch') : t('empty')}
        data-testid="tokens-table"
      />
      <DataTablePagination {...list.pagination} />
      <TokenEditorDrawer target={editor} onClose={() => setEditor(null)} />
      <DeleteDialogs
        namespace="tokens"
        labelOf={(token) => token.name}
        deleteOne={deleteOne}
        deleteMany={deleteMany}
        single={deleting}
        onSingleClose={() => setDeleting(null)}
        many={deletingMany}
        onManyClose={() => setDeletingMany(null)}
        onManyDeleted={() => table.resetRowSelection()}
      />
      {manualCopyDialog}
    </div>
  )
}
