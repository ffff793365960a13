import type { MjTask } from '@gateway/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ColumnSettingsButton,
  DataTable,
  DataTablePagination,
  loadFailure,
  useColumnVisibility,
  useDataTable,
  usePageSize,
} from '@/components/data-table'
import { PageHeader } from '@/components/layout/page-header'
import { isAdmin, useSessionUser } from '@/lib/session'
import { fetchMjTasks, toMjQuery } from './api'
import { mjColumns } from './midjourney-columns'
import { MjImageDialog, MjTextDialog } from './midjourney-dialogs'
import { MjFilters } from './midjourney-filters'
import { defaultMjRange, type MjSearch } from './midjourney-search'

interface MidjourneyPageProps {
  search: MjSearch
  onSearchChange: (next: MjSearch) => void
}

/** While a listed task runs, the list refreshes at this pace (the server polls the proxies). */
const RUNNING_REFRESH_MS = 5000
/** The English prompt repeats the prompt: shown on request, so the default columns fit a laptop. */
const MJ_HIDDEN_COLUMNS = { prompt_en: false }

/**
 * /midjourney: drawing tasks (admins see everyone's and can filter by channel), with image
 * previews, prompts, statuses and time spent; the API answers a page with the total.
 */
export function MidjourneyPage({ search, onSearchChange }: MidjourneyPageProps) {
  const { t, i18n } = useTranslation('midjourney')
  const { t: tPages } = useTranslation('pages')
  const admin = isAdmin(useSessionUser())
  const [pageSize, setPageSize] = usePageSize()
  // The default range is fixed when the page opens, so the query key stays stable.
  const [range] = useState(() => defaultMjRange())
  const query = toMjQuery(search, range.start, pageSize, admin)
  const list = useQuery({
    queryKey: ['midjourney', 'list', admin, query],
    queryFn: () => fetchMjTasks(query, admin),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((task) => task.progress !== '100%') ? RUNNING_REFRESH_MS : false,
  })
  const [imageOf, setImageOf] = useState<MjTask | null>(null)
  const [text, setText] = useState<string | null>(null)

  const columns = useMemo(
    () => mjColumns({ t, language: i18n.language, admin, onImage: setImageOf, onText: setText }),
    [t, i18n.language, admin]
  )
  const rows = list.data?.items ?? []
  const [visibility, setVisibility, resetVisibility] = useColumnVisibility(
    'midjourney-table-columns',
    MJ_HIDDEN_COLUMNS
  )
  const table = useDataTable({
    data: rows,
    columns,
    getRowId: (task) => String(task.id),
    columnVisibility: visibility,
    onColumnVisibilityChange: setVisibility,
  })
  const page = search.p ?? 1

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={tPages('titles.midjourney')}
        description={t('description')}
        actions={<ColumnSettingsButton table={table} onReset={resetVisibility} />}
      />
      <MjFilters
        search={search}
        range={range}
        admin={admin}
        onSearch={(next) => onSearchChange({ ...next, p: undefined })}
      />
      <DataTable
        table={table}
        loading={list.isPending}
        empty={t('empty')}
        failure={loadFailure(list)}
        data-testid="mj-table"
      />
      <DataTablePagination
        page={page}
        pageSize={pageSize}
        total={list.data?.total ?? 0}
        failed={Boolean(list.error)}
        onPageChange={(p) => onSearchChange({ ...search, p: p === 1 ? undefined : p })}
        onPageSizeChange={(size) => {
          setPageSize(size)
          onSearchChange({ ...search, p: undefined })
        }}
      />
      <MjImageDialog task={imageOf} onClose={() => setImageOf(null)} />
      <MjTextDialog text={text} onClose={() => setText(null)} />
    </div>
  )
}
