import type { Token } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  ColumnVisibilityMenu,
  DataTable,
  DeleteDialogs,
  DataTablePagination,
  pageCount,
  selectedRowIds,
  selectionColumn,
  useColumnVisibility,
  useCopyText,
  useDataTable,
  usePageSize,
} from '@/components/data-table'
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
  const [pageSize, setPageSize] = usePageSize()
  const page = search.p ?? 1
  const list = useQuery(tokenListQuery({ p: page, page_size: pageSize, keyword: search.keyword, token: search.token }))
  const [visibility, setVisibility, resetVisibility] = useColumnVisibility('tokens-table-columns')
  const [batchMode, setBatchMode] = useState(false)
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
  const columns = useMemo(() => {
    const base = tokenColumns({ t, language: i18n.language, display, actions: (token) => <TokenRowActions token={token} handlers={handlers} /> })
    return batchMode ? [selectionColumn<Token>(), ...base] : base
    // Handlers close over state setters and stable mutations only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language, display.quotaPerUnit, display.displayInCurrency, batchMode, status.chats])

  const table = useDataTable({
    data: list.data?.items ?? [],
    columns,
    getRowId: (token) => String(token.id),
    columnVisibility: visibility,
    onColumnVisibilityChange: setVisibility,
    enableRowSelection: batchMode,
  })

  // After deleting the last rows of the last page, step back to the new last page.
  const total = list.data?.total
  useEffect(() => {
    if (total && page > pageCount(total, pageSize)) onSearchChange({ ...search, p: pageCount(total, pageSize) })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [total, page, pageSize])

  const setBatch = (on: boolean) => {
    setBatchMode(on)
    if (!on) table.resetRowSelection()
  }
  const deleteSelected = () => {
    const ids = selectedRowIds(table).map(Number)
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
        batchMode={batchMode}
        onBatchModeChange={setBatch}
        onDeleteSelected={deleteSelected}
        onAdd={() => setEditor({ mode: 'create' })}
        columnsMenu={<ColumnVisibilityMenu table={table} onReset={resetVisibility} />}
      />
      <DataTable
        table={table}
        loading={list.isPending || list.isFetching}
        empty={filtered ? t('emptySearch') : t('empty')}
        data-testid="tokens-table"
      />
      <DataTablePagination
        page={page}
        pageSize={pageSize}
        total={list.data?.total ?? 0}
        selectedCount={batchMode ? selectedRowIds(table).length : undefined}
        onPageChange={(p) => onSearchChange({ ...search, p: p === 1 ? undefined : p })}
        onPageSizeChange={(size) => {
          setPageSize(size)
          onSearchChange({ ...search, p: undefined })
        }}
      />
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
