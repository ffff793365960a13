import { RedemptionStatus, type Redemption } from '@gateway/shared'
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
import {
  redemptionListQuery,
  useDeleteRedemptionMutation,
  useDeleteRedemptionsMutation,
  useRedemptionStatusMutation,
} from './queries'
import { redemptionColumns } from './redemption-columns'
import { RedemptionEditorDrawer, type RedemptionEditorTarget } from './redemption-editor-drawer'
import { RedemptionKeysDialog } from './redemption-keys-dialog'
import { RedemptionRowActions, type RedemptionRowHandlers } from './redemption-row-actions'
import type { RedemptionSearch } from './redemption-search'
import { RedemptionsToolbar } from './redemptions-toolbar'

interface RedemptionsPageProps {
  search: RedemptionSearch
  onSearchChange: (next: RedemptionSearch) => void
}

export function RedemptionsPage({ search, onSearchChange }: RedemptionsPageProps) {
  const { t, i18n } = useTranslation(['redemptions', 'pages'])
  const [editor, setEditor] = useState<RedemptionEditorTarget | null>(null)
  const [deleting, setDeleting] = useState<Redemption | null>(null)
  const [deletingMany, setDeletingMany] = useState<number[] | null>(null)
  const [created, setCreated] = useState<{ keys: string[]; name: string } | null>(null)
  const [copy, manualCopyDialog] = useCopyText()
  const statusMutation = useRedemptionStatusMutation()
  const deleteOne = useDeleteRedemptionMutation()
  const deleteMany = useDeleteRedemptionsMutation()

  const handlers: RedemptionRowHandlers = {
    onCopy: (redemption) => void copy(redemption.key, t('toast.copied')),
    onEdit: (redemption) => setEditor({ mode: 'edit', id: redemption.id }),
    onDelete: setDeleting,
    onToggle: (redemption) => {
      const next = redemption.status === RedemptionStatus.unused ? RedemptionStatus.disabled : RedemptionStatus.unused
      statusMutation.mutate(
        { id: redemption.id, status: next },
        { onSuccess: () => toast.success(next === RedemptionStatus.unused ? t('toast.enabled') : t('toast.disabled')) }
      )
    },
  }

  const display = useQuotaDisplay()
  const columns = useMemo(
    () =>
      redemptionColumns({
        t,
        language: i18n.language,
        display,
        actions: (redemption) => <RedemptionRowActions redemption={redemption} handlers={handlers} />,
      }),
    // Handlers close over state setters and stable mutations only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, display.quotaPerUnit, display.displayInCurrency]
  )
  const list = useListPage({
    search,
    onSearchChange,
    query: (page) => redemptionListQuery({ ...page, keyword: search.keyword }),
    columns,
    visibilityKey: 'redemptions-table-columns',
  })
  const { table } = list

  const deleteSelected = () => {
    const ids = list.selectedIds()
    if (ids.length === 0) return void toast.error(t('toast.selectAtLeastOne'))
    setDeletingMany(ids)
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('pages:titles.redemption')} description={t('description')} />
      <RedemptionsToolbar
        keyword={search.keyword}
        onSearch={(keyword) => onSearchChange({ keyword, p: undefined })}
        batchMode={list.batchMode}
        onBatchModeChange={list.setBatch}
        onDeleteSelected={deleteSelected}
        onAdd={() => setEditor({ mode: 'create' })}
        columnsMenu={<ColumnSettingsButton table={table} onReset={list.resetVisibility} />}
      />
      <DataTable
        table={table}
        loading={list.loading}
        empty={search.keyword ? t('emptySearch') : t('empty')}
        failure={list.failure}
        data-testid="redemptions-table"
      />
      <DataTablePagination {...list.pagination} />
      <RedemptionEditorDrawer
        target={editor}
        onClose={() => setEditor(null)}
        onCreated={(keys, name) => setCreated({ keys, name })}
      />
      <RedemptionKeysDialog keys={created?.keys ?? null} name={created?.name ?? ''} onClose={() => setCreated(null)} />
      <DeleteDialogs
        namespace="redemptions"
        labelOf={(code) => code.name || `#${code.id}`}
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
