import { TokenStatus, type Token } from '@gateway/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  ColumnSettingsButton,
  DataTable,
  DataTablePagination,
  DeleteDialogs,
  useCopyText,
} from '@/components/data-table'
import { useListPage } from '@/components/data-table/use-list-page'
import { PageHeader } from '@/components/layout/page-header'
import { useQuotaDisplay } from '@/lib/quota-display'
import { useStatus } from '@/lib/status'
import { tokenListQuery, useDeleteTokenMutation, useDeleteTokensMutation, useTokenStatusMutation } from './queries'
import { tokenColumns } from './token-columns'
import { TokenEditorDrawer, type TokenEditorTarget } from './token-editor-drawer'
import { TokenKeyCell } from './token-key-cell'
import { TokenRowActions, type TokenRowHandlers } from './token-row-actions'
import type { TokenSearch } from './token-search'
import { TokensToolbar } from './tokens-toolbar'
import { useOpenChat } from './use-open-chat'
import { useTokenKeys } from './use-token-keys'

interface TokensPageProps {
  search: TokenSearch
  onSearchChange: (next: TokenSearch) => void
}

export function TokensPage({ search, onSearchChange }: TokensPageProps) {
  const { t, i18n } = useTranslation(['tokens', 'nav'])
  const status = useStatus()
  const [editor, setEditor] = useState<TokenEditorTarget | null>(null)
  const [deleting, setDeleting] = useState<Token | null>(null)
  const [deletingMany, setDeletingMany] = useState<number[] | null>(null)
  // The key search lives here, not in the URL (see token-search.ts); a reload forgets it on purpose.
  const [keySearch, setKeySearch] = useState<string | undefined>()
  const [copy, manualCopyDialog] = useCopyText()
  const keys = useTokenKeys()
  const openChat = useOpenChat(keys.keyOf)
  const statusMutation = useTokenStatusMutation()
  const deleteOne = useDeleteTokenMutation()
  const deleteMany = useDeleteTokensMutation()

  const handlers: TokenRowHandlers = {
    // The list holds masked keys: the full one is fetched when the user asks for it.
    onCopy: async (token) => {
      const key = await keys.keyOf(token.id)
      if (key) await copy(key, t('toast.copied'))
    },
    onOpenChat: (template, token) => void openChat(template, token),
    onEdit: (token) => setEditor({ mode: 'edit', id: token.id }),
    onDelete: setDeleting,
    onToggle: (token) => {
      const next = token.status === TokenStatus.enabled ? TokenStatus.disabled : TokenStatus.enabled
      statusMutation.mutate(
        { id: token.id, status: next },
        { onSuccess: () => toast.success(next === TokenStatus.enabled ? t('toast.enabled') : t('toast.disabled')) }
      )
    },
  }

  const display = useQuotaDisplay()
  const columns = useMemo(
    () =>
      tokenColumns({
        t,
        language: i18n.language,
        display,
        keyCell: (token) => (
          <TokenKeyCell
            token={token}
            revealedKey={keys.revealed[token.id]}
            onToggle={() => void keys.toggleReveal(token.id)}
          />
        ),
        actions: (token) => <TokenRowActions token={token} handlers={handlers} />,
      }),
    // Handlers close over state setters, stable mutations and the revealed keys only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, display.quotaPerUnit, display.displayInCurrency, status.chats, keys.revealed]
  )
  const list = useListPage({
    search,
    onSearchChange,
    query: (page) => tokenListQuery({ ...page, keyword: search.keyword, token: keySearch }),
    columns,
    visibilityKey: 'tokens-table-columns',
  })
  const { table } = list

  /** The selected ids, or a toast asking for a selection. */
  const selection = (): number[] | null => {
    const ids = list.selectedIds()
    if (ids.length === 0) toast.error(t('toast.selectAtLeastOne'))
    return ids.length === 0 ? null : ids
  }
  const deleteSelected = () => {
    const ids = selection()
    if (ids) setDeletingMany(ids)
  }
  /** One full key a line, fetched in one call (POST /api/token/batch/keys). */
  const copySelected = async () => {
    const ids = selection()
    const selected = ids && (await keys.keysOf(ids))
    if (selected && selected.length > 0)
      await copy(selected.join('\n'), t('toast.copiedMany', { count: selected.length }))
  }
  const filtered = Boolean(search.keyword || keySearch)

  return (
    <div className="flex flex-col gap-4">
      {/* The menu's name is the title (nav comes with the first load; pages would be one more fetch). */}
      <PageHeader title={t('nav:items.token')} description={t('description')} />
      <TokensToolbar
        search={{ keyword: search.keyword, token: keySearch }}
        onSearch={(next) => {
          setKeySearch(next.token)
          onSearchChange({ keyword: next.keyword, p: undefined })
        }}
        batchMode={list.batchMode}
        onBatchModeChange={list.setBatch}
        onDeleteSelected={deleteSelected}
        onCopySelected={() => void copySelected()}
        onAdd={() => setEditor({ mode: 'create' })}
        columnsMenu={<ColumnSettingsButton table={table} onReset={list.resetVisibility} />}
      />
      <DataTable
        table={table}
        loading={list.loading}
        empty={filtered ? t('emptySearch') : t('empty')}
        failure={list.failure}
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
