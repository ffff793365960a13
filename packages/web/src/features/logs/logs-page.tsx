import { formatQuota, type Log } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
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
import { useQuotaDisplay } from '@/lib/quota-display'
import { isAdmin, useSessionUser } from '@/lib/session'
import { toLogQuery } from './api'
import { logColumns } from './log-columns'
import { LogDetails } from './log-details'
import { defaultRange, type LogSearch } from './log-search'
import { LogUserDialog } from './log-user-dialog'
import { LogsFilters } from './logs-filters'
import { logListQuery, logStatQuery } from './queries'

interface LogsPageProps {
  search: LogSearch
  onSearchChange: (next: LogSearch) => void
}

function StatChip({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div
      className="flex items-baseline gap-2 rounded-md border bg-card px-3 py-1.5 text-sm"
      title={hint}
      data-testid={testId}
    >
      <span className="text-muted-foreground">{label}</span>
      <span className="font-semibold tabular-nums">{value}</span>
    </div>
  )
}

/** The log text is in every expanded row: a column for it is offered, not shown, so the table fits a laptop. */
const LOG_HIDDEN_COLUMNS = { content: false }

/** /log: usage logs with statistics, filters in the URL, expandable pricing rows and column settings. */
export function LogsPage({ search, onSearchChange }: LogsPageProps) {
  const { t, i18n } = useTranslation(['logs', 'pages'])
  const admin = isAdmin(useSessionUser())
  const [pageSize, setPageSize] = usePageSize()
  // The default range is fixed when the page opens, so the query key stays stable.
  const [range] = useState(() => defaultRange())
  const query = toLogQuery(search, range, pageSize, admin)
  const list = useQuery(logListQuery(query, admin))
  const stat = useQuery(logStatQuery(query, admin))
  const [visibility, setVisibility, resetVisibility] = useColumnVisibility('logs-table-columns', LOG_HIDDEN_COLUMNS)
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set())
  const [userOf, setUserOf] = useState<Log | null>(null)

  const display = useQuotaDisplay()
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const columns = useMemo(
    () => logColumns({ t, language: i18n.language, display, admin, expanded, onToggle: toggle, onUser: setUserOf }),
    // toggle and setUserOf only touch state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, display.quotaPerUnit, display.displayInCurrency, admin, expanded]
  )
  const table = useDataTable({
    data: list.data?.items ?? [],
    columns,
    getRowId: (log) => String(log.id),
    columnVisibility: visibility,
    onColumnVisibilityChange: setVisibility,
  })

  const page = list.data?.page ?? search.p ?? 1
  const total = list.data?.total ?? 0
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('pages:titles.log')}
        description={t('description')}
        actions={
          <div className="flex flex-wrap gap-2">
            <StatChip
              label={t('stat.quota')}
              value={formatQuota(stat.data?.quota ?? 0, display)}
              testId="log-stat-quota"
            />
            <StatChip
              label={t('stat.rpm')}
              value={String(stat.data?.rpm ?? 0)}
              hint={t('stat.rpmHint')}
              testId="log-stat-rpm"
            />
            <StatChip
              label={t('stat.tpm')}
              value={String(stat.data?.tpm ?? 0)}
              hint={t('stat.tpmHint')}
              testId="log-stat-tpm"
            />
          </div>
        }
      />
      <LogsFilters
        search={search}
        range={range}
        admin={admin}
        onSearch={(next) => onSearchChange({ ...next, p: undefined })}
        columnsMenu={<ColumnSettingsButton table={table} onReset={resetVisibility} />}
      />
      <DataTable
        table={table}
        loading={list.isPending || list.isFetching}
        empty={t('empty')}
        failure={loadFailure(list)}
        renderExpanded={(log) => (expanded.has(log.id) ? <LogDetails log={log} display={display} /> : null)}
        rowTestId="log-row"
        data-testid="logs-table"
      />
      {list.data?.total_capped && <p className="text-xs text-muted-foreground">{t('totalCapped', { count: total })}</p>}
      <DataTablePagination
        page={page}
        pageSize={pageSize}
        total={total}
        failed={Boolean(list.error)}
        onPageChange={(p) => onSearchChange({ ...search, p: p === 1 ? undefined : p })}
        onPageSizeChange={(size) => {
          setPageSize(size)
          onSearchChange({ ...search, p: undefined })
        }}
      />
      <LogUserDialog
        log={userOf}
        onClose={() => setUserOf(null)}
        onFilter={(username) => onSearchChange({ ...search, username, p: undefined })}
      />
    </div>
  )
}
