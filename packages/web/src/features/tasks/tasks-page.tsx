import type { TaskRecord } from '@gateway/shared'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ColumnSettingsButton,
  DataTable,
  DataTablePagination,
  loadFailure,
  useColumnVisibility,
  useCopyText,
  useDataTable,
  usePageSize,
} from '@/components/data-table'
import { PageHeader } from '@/components/layout/page-header'
import { isAdmin, useSessionUser } from '@/lib/session'
import { fetchTaskPage, toTaskQuery } from './api'
import { taskColumns } from './task-columns'
import { FailReasonDialog, TaskRecordDialog } from './task-dialogs'
import { midnightToday, type TaskSearch } from './task-search'
import { TasksFilters } from './tasks-filters'

interface TasksPageProps {
  search: TaskSearch
  onSearchChange: (next: TaskSearch) => void
}

/**
 * /task: the music and lyrics task log. Pages come from the server one at a time (index from 0)
 * and are kept; the next one is fetched only when the user opens the page after the last loaded.
 */
export function TasksPage({ search, onSearchChange }: TasksPageProps) {
  const { t, i18n } = useTranslation(['suno', 'pages'])
  const admin = isAdmin(useSessionUser())
  const [pageSize, setPageSize] = usePageSize()
  // Midnight is fixed when the page opens, so the query key stays stable.
  const [defaultStart] = useState(() => midnightToday())
  const query = toTaskQuery(search, defaultStart, admin)
  const list = useInfiniteQuery({
    queryKey: ['tasks', admin, query, pageSize],
    queryFn: ({ pageParam }) => fetchTaskPage(query, pageParam, pageSize, admin),
    initialPageParam: 0,
    // The server counts the matching rows: there is a next page while they go beyond this one.
    getNextPageParam: (last, _all, lastParam) => ((lastParam + 1) * pageSize < last.total ? lastParam + 1 : undefined),
  })

  // A new filter or page size starts again at the first page.
  const listKey = JSON.stringify([admin, query, pageSize])
  const [page, setPage] = useState({ key: listKey, index: 0 })
  const requested = page.key === listKey ? page.index : 0
  const loaded = (list.data?.pages ?? [])
    .map((answer) => answer.items)
    .filter((rows, index) => index === 0 || rows.length > 0)
  const available = Math.max(1, loaded.length + (list.hasNextPage ? 1 : 0))
  const current = Math.min(requested, available - 1)
  const rows = loaded[current] ?? []
  const loadingPage = list.isPending || (current >= loaded.length && list.isFetchingNextPage)

  const goTo = (index: number) => {
    setPage({ key: listKey, index })
    if (index >= loaded.length && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage()
  }

  const [copy, copyDialog] = useCopyText()
  const [record, setRecord] = useState<TaskRecord | null>(null)
  const [reason, setReason] = useState<string | null>(null)
  const columns = useMemo(
    () =>
      taskColumns({
        t,
        language: i18n.language,
        admin,
        onCopyChannel: (id) => void copy(String(id), t('copied', { id })),
        onShowRecord: setRecord,
        onShowReason: setReason,
      }),
    [t, i18n.language, admin, copy, setRecord, setReason]
  )
  const [visibility, setVisibility, resetVisibility] = useColumnVisibility('task-table-columns')
  const table = useDataTable({
    data: rows,
    columns,
    getRowId: (task) => String(task.id),
    columnVisibility: visibility,
    onColumnVisibilityChange: setVisibility,
  })

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('pages:titles.task')}
        description={t('description')}
        actions={<ColumnSettingsButton table={table} onReset={resetVisibility} />}
      />
      <TasksFilters search={search} defaultStart={defaultStart} admin={admin} onSearch={onSearchChange} />
      <DataTable
        table={table}
        loading={loadingPage}
        empty={t('empty')}
        failure={loadFailure(list)}
        data-testid="tasks-table"
      />
      <DataTablePagination
        page={current + 1}
        pageSize={pageSize}
        total={list.data?.pages.at(-1)?.total ?? 0}
        failed={Boolean(list.error)}
        reachable={available}
        busy={list.isFetchingNextPage}
        onPageChange={(p) => goTo(p - 1)}
        onPageSizeChange={setPageSize}
      />
      <TaskRecordDialog record={record} onClose={() => setRecord(null)} />
      <FailReasonDialog reason={reason} onClose={() => setReason(null)} />
      {copyDialog}
    </div>
  )
}
