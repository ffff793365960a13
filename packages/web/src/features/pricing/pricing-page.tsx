import { useQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, DataTablePagination, loadFailure, useCopyText, useDataTable } from '@/components/data-table'
import { PageHeader } from '@/components/layout/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { useSessionUser } from '@/lib/session'
import { pricingQuery } from './api'
import { filterPricing, initialGroup } from './pricing'
import { pricingColumns } from './pricing-columns'

/** The spec's pricing table has a fixed page size of 10. */
const PRICING_PAGE_SIZE = 10

/** /pricing: public; logged out it shows the default group's prices. */
export function PricingPage() {
  const { t } = useTranslation('pricing')
  const user = useSessionUser()
  const pricing = useQuery(pricingQuery)
  const [search, setSearch] = useState('')
  const [chosenGroup, setChosenGroup] = useState<string | null>(null)
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(PRICING_PAGE_SIZE)
  const [copy, manualCopyDialog] = useCopyText()

  const groupRatios = useMemo(() => pricing.data?.groupRatio ?? {}, [pricing.data])
  const group = chosenGroup ?? initialGroup(groupRatios, user?.group)
  const groupRatio = groupRatios[group] ?? 1
  const rows = useMemo(() => filterPricing(pricing.data?.items ?? [], search, group), [pricing.data, search, group])
  const pageRows = useMemo(() => rows.slice((page - 1) * pageSize, page * pageSize), [rows, page, pageSize])

  const columns = useMemo(
    () =>
      pricingColumns({ t, groupRatio, groupRatios, onCopy: (model) => void copy(model, t('copied', { text: model })) }),
    [t, groupRatio, groupRatios, copy]
  )
  const table = useDataTable({ data: pageRows, columns, getRowId: (item) => item.model_name })

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} />
      {!user && (
        <Alert>
          <AlertDescription>{t('loggedOutHint')}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative sm:w-72">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            className="pl-8"
            value={search}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            onChange={(event) => {
              setSearch(event.target.value)
              setPage(1)
            }}
          />
        </div>
        <NativeSelect
          className="h-9 sm:w-56"
          aria-label={t('group')}
          value={group}
          onChange={(event) => {
            setChosenGroup(event.target.value)
            setPage(1)
          }}
        >
          {Object.entries(groupRatios).map(([name, ratio]) => (
            <option key={name} value={name}>
              {t('groupOption', { group: name, ratio })}
            </option>
          ))}
        </NativeSelect>
      </div>
      <DataTable
        table={table}
        loading={pricing.isPending}
        empty={search ? t('emptySearch') : t('empty')}
        failure={loadFailure(pricing)}
        data-testid="pricing-table"
      />
      <DataTablePagination
        page={page}
        pageSize={pageSize}
        total={rows.length}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size)
          setPage(1)
        }}
      />
      {manualCopyDialog}
    </div>
  )
}
