import type { Channel } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ColumnSettingsButton,
  ConfirmDialog,
  DataTable,
  DataTablePagination,
  loadFailure,
  selectedRowIds,
  useColumnVisibility,
  useDataTable,
  usePageSize,
} from '@/components/data-table'
import { PageHeader } from '@/components/layout/page-header'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { channelColumns } from './channel-columns'
import { ChannelEditorHost, type ChannelEditorTarget } from './channel-editor-host'
import { readIdSort, writeIdSort } from './channel-id-sort'
import { MultiKeyDialog } from './channel-multi-key-dialog'
import { buildRows } from './channel-rows'
import type { ChannelsSearch } from './channel-search'
import { TagEditorDrawer } from './channel-tag-editor-drawer'
import { TestModelDialog } from './channel-test-model-dialog'
import { useTypeLabel } from './channel-type-label'
import { UpstreamDialog } from './channel-upstream-dialog'
import { ChannelsFilterBar } from './channels-filters'
import { ChannelsToolbar } from './channels-toolbar'
import { channelListQuery } from './queries'
import { useCanWriteChannels } from './use-can-write-channels'
import { useChannelActions } from './use-channel-actions'

export const COLUMNS_STORAGE_KEY = 'channels-table-columns'

interface ChannelsPageProps {
  search: ChannelsSearch
  /** The add or edit drawer named by the address (/channel/add, /channel/edit/$id), if any. */
  editor?: ChannelEditorTarget | null
  onSearchChange: (search: ChannelsSearch) => void
}

/** /channel (admin): filters, toggles, toolbar, the table and its dialogs, and the add and edit drawer. */
export function ChannelsPage({ search, editor = null, onSearchChange }: ChannelsPageProps) {
  const { t } = useTranslation('channels')
  const navigate = useNavigate()
  const typeLabel = useTypeLabel()
  const actions = useChannelActions()
  const canWrite = useCanWriteChannels()
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = usePageSize()
  const [idSort, setIdSort] = useState(readIdSort)
  const [tagMode, setTagMode] = useState(false)
  const [batchMode, setBatchMode] = useState(false)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [testing, setTesting] = useState<Channel | null>(null)
  const [detecting, setDetecting] = useState<Channel | null>(null)
  const [deleting, setDeleting] = useState<Channel | null>(null)
  const [editingTag, setEditingTag] = useState<string | null>(null)
  const [managingKeys, setManagingKeys] = useState<Channel | null>(null)
  const [visibility, setVisibility, resetVisibility] = useColumnVisibility(COLUMNS_STORAGE_KEY)

  const params = { p: page, page_size: pageSize, id_sort: idSort, tag_mode: tagMode, ...search }
  const list = useQuery(channelListQuery(params))
  const rows = useMemo(() => buildRows(list.data?.items ?? [], tagMode, expanded), [list.data, tagMode, expanded])

  const toggleTag = useCallback((tag: string) => {
    setExpanded((previous) => {
      const next = new Set(previous)
      if (!next.delete(tag)) next.add(tag)
      return next
    })
  }, [])
  const columns = useMemo(
    () =>
      channelColumns({
        t,
        typeLabel,
        actions,
        canWrite,
        batchMode,
        expanded,
        toggleTag,
        onEdit: (channel) =>
          void navigate({
            to: '/channel/edit/$id',
            params: { id: String(channel.id) },
            search: (previous: ChannelsSearch) => previous,
          }),
        onCopy: (channel) =>
          void navigate({
            to: '/channel/add',
            search: (previous: ChannelsSearch) => ({ ...previous, copy: channel.id }),
          }),
        onDelete: setDeleting,
        onPickTestModel: setTesting,
        onDetectUpstream: setDetecting,
        onEditTag: setEditingTag,
        onManageKeys: setManagingKeys,
      }),
    [t, typeLabel, actions, canWrite, batchMode, expanded, toggleTag, navigate]
  )
  const table = useDataTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    columnVisibility: visibility,
    onColumnVisibilityChange: setVisibility,
    enableRowSelection: batchMode,
  })
  const selectedIds = batchMode
    ? selectedRowIds(table)
        .filter((id) => !id.startsWith('tag:'))
        .map(Number)
    : []

  const changeSearch = (next: ChannelsSearch) => {
    setPage(1)
    onSearchChange(next)
  }
  const toggle = (label: string, checked: boolean, onChange: (value: boolean) => void, testId: string) => (
    <div className="flex items-center gap-2">
      <Switch id={testId} data-testid={testId} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={testId} className="text-[13px] font-normal text-muted-foreground">
        {label}
      </Label>
    </div>
  )

  return (
    <div className="flex flex-col gap-4" data-testid="channels-page">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex flex-col gap-3 rounded-lg border bg-card p-3">
        <ChannelsFilterBar key={JSON.stringify(search)} search={search} onSearch={changeSearch} />
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          {toggle(
            t('toggles.idSort'),
            idSort,
            (value) => {
              writeIdSort(value)
              setIdSort(value)
            },
            'channel-id-sort'
          )}
          {toggle(
            t('toggles.tagMode'),
            tagMode,
            (value) => {
              setTagMode(value)
              setPage(1)
            },
            'channel-tag-mode'
          )}
          {canWrite &&
            toggle(
              t('toggles.batchMode'),
              batchMode,
              (value) => {
                setBatchMode(value)
                table.resetRowSelection()
              },
              'channel-batch-mode'
            )}
        </div>
        <ChannelsToolbar
          canWrite={canWrite}
          batchMode={batchMode}
          selectedIds={selectedIds}
          onAdd={() =>
            void navigate({
              to: '/channel/add',
              search: (previous: ChannelsSearch) => ({ ...previous, copy: undefined }),
            })
          }
          columnsButton={<ColumnSettingsButton table={table} onReset={resetVisibility} />}
          onBatchDone={() => table.resetRowSelection()}
        />
      </div>
      <DataTable
        table={table}
        loading={list.isFetching && !list.data}
        empty={t('empty')}
        failure={loadFailure(list)}
        data-testid="channels-table"
        rowClassName={(row) => (row.kind === 'tag' ? 'bg-muted/30' : undefined)}
      />
      <DataTablePagination
        page={page}
        pageSize={pageSize}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size)
          setPage(1)
        }}
        selectedCount={batchMode ? selectedIds.length : undefined}
      />
      <TestModelDialog
        channel={testing}
        onClose={() => setTesting(null)}
        onPick={(channel, model) => {
          setTesting(null)
          actions.test.mutate({ channel, model })
        }}
      />
      <UpstreamDialog channel={detecting} onClose={() => setDetecting(null)} />
      <MultiKeyDialog channel={managingKeys} onClose={() => setManagingKeys(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirm.deleteTitle')}
        description={t('confirm.deleteBody', { name: deleting?.name ?? '' })}
        destructive
        pending={actions.remove.isPending}
        onConfirm={() => deleting && actions.remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
      <TagEditorDrawer tag={editingTag} onClose={() => setEditingTag(null)} />
      {/* The add and edit drawers: not even by typed-in URL for a read-only admin. */}
      {canWrite && <ChannelEditorHost target={editor} />}
    </div>
  )
}
