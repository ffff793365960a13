import { PAGE_SIZE_OPTIONS } from '@gateway/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, loadFailure, useDataTable, usePageSize } from '@/components/data-table'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { isAdmin, useSessionUser } from '@/lib/session'
import { fetchMjTasks, toMjQuery, type MjTask } from './api'
import { mjColumns } from './mj-columns'
import { MjImageDialog, MjTextDialog } from './mj-dialogs'
import { MjFilters } from './mj-filters'
import { defaultMjRange, type MjSearch } from './mj-search'

interface MidjourneyPageProps {
  search: MjSearch
  onSearchChange: (next: MjSearch) => void
}

/** While a listed task runs, the list refreshes at this pace (the server polls the proxies). */
const RUNNING_REFRESH_MS = 5000

/**
 * /midjourney: drawing tasks (admins see everyone's and can filter by channel), with image
 * previews, prompts, statuses and time spent. The API answers a page with the total, so the
 * pager offers previous and next while rows remain.
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
    refetchInterval: (current) => (current.state.data?.items.some((task) => task.progress !== '100%') ? RUNNING_REFRESH_MS : false),
  })
  const [imageOf, setImageOf] = useState<MjTask | null>(null)
  const [text, setText] = useState<string | null>(null)

  const columns = useMemo(
    () => mjColumns({ t, language: i18n.language, admin, onImage: setImageOf, onText: setText }),
    [t, i18n.language, admin],
  )
  const rows = list.data?.items ?? []
  const table = useDataTable({ data: rows, columns, getRowId: (task) => String(task.id) })
  const page = search.p ?? 1
  const hasNext = page * pageSize < (list.data?.total ?? 0)

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={tPages('titles.midjourney')} description={t('description')} />
      <MjFilters search={search} range={range} admin={admin} onSearch={(next) => onSearchChange({ ...next, p: undefined })} />
      <DataTable table={table} loading={list.isPending} empty={t('empty')} failure={loadFailure(list)} data-testid="mj-table" />
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 text-sm text-muted-foreground" data-testid="mj-pager">
        <label className="flex items-center gap-2">
          <span className="whitespace-nowrap max-sm:sr-only">{t('pageSize')}</span>
          <NativeSelect
            aria-label={t('pageSize')}
            className="h-8 w-20"
            value={pageSize}
            onChange={(event) => {
              setPageSize(Number(event.target.value))
              onSearchChange({ ...search, p: undefined })
            }}
          >
            {PAGE_SIZE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </label>
        <span className="tabular-nums" data-testid="mj-page">
          {t('page', { page })}
        </span>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon-sm"
            aria-label={t('previous')}
            title={t('previous')}
            disabled={page <= 1}
            onClick={() => onSearchChange({ ...search, p: page - 1 === 1 ? undefined : page - 1 })}
          >
            <ChevronLeft />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            aria-label={t('next')}
            title={t('next')}
            disabled={!hasNext}
            data-testid="mj-next"
            onClick={() => onSearchChange({ ...search, p: page + 1 })}
          >
            <ChevronRight />
          </Button>
        </div>
      </div>
      <MjImageDialog task={imageOf} onClose={() => setImageOf(null)} />
      <MjTextDialog text={text} onClose={() => setText(null)} />
    </div>
  )
}
