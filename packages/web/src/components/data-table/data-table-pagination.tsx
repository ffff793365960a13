import { PAGE_SIZE_OPTIONS } from '@gateway/shared'
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { cn } from '@/lib/utils'

interface DataTablePaginationProps {
  /** 1-based page number. */
  page: number
  pageSize: number
  total: number
  onPageChange: (page: number) => void
  /** Pair with usePageSize() so the choice is remembered in localStorage 'page-size'. */
  onPageSizeChange: (size: number) => void
  /** Rows currently selected (batch mode); shown next to the total when given. */
  selectedCount?: number
  /** The list failed to load: no count is shown, since none is known. */
  failed?: boolean
  /**
   * The last page that can be opened now, for lists loaded page by page (the task log): pages past
   * it wait until the one before is loaded. Every page can be opened when absent.
   */
  reachable?: number
  /** A page is being fetched: the page buttons wait for it. */
  busy?: boolean
  className?: string
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The one pager of every console list: total, page size (10/20/50/100) and page buttons. */
export function DataTablePagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  selectedCount,
  failed = false,
  reachable,
  busy = false,
  className,
}: DataTablePaginationProps) {
  const { t } = useTranslation()
  const pages = pageCount(total, pageSize)
  const current = Math.min(Math.max(page, 1), pages)
  const last = Math.min(pages, reachable ?? pages)

  return (
    <div
      data-testid="data-table-pagination"
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-muted-foreground',
        className
      )}
    >
      <div className="flex items-center gap-3">
        {!failed && <span data-testid="data-table-total">{t('dataTable.total', { count: total })}</span>}
        {selectedCount !== undefined && selectedCount > 0 && (
          <span className="text-foreground">{t('dataTable.selected', { count: selectedCount })}</span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2">
          <span className="whitespace-nowrap max-sm:sr-only">{t('dataTable.pageSize')}</span>
          <NativeSelect
            aria-label={t('dataTable.pageSize')}
            className="h-8 w-20"
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {PAGE_SIZE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </label>
        <span className="whitespace-nowrap tabular-nums" data-testid="data-table-page">
          {t('dataTable.pageOf', { page: current, pages })}
        </span>
        <div className="flex items-center gap-1">
          <PageButton
            className="max-sm:hidden"
            label={t('dataTable.firstPage')}
            disabled={busy || current <= 1}
            onClick={() => onPageChange(1)}
          >
            <ChevronsLeft />
          </PageButton>
          <PageButton
            label={t('dataTable.previousPage')}
            disabled={busy || current <= 1}
            onClick={() => onPageChange(current - 1)}
          >
            <ChevronLeft />
          </PageButton>
          <PageButton
            label={t('dataTable.nextPage')}
            disabled={busy || current >= last}
            onClick={() => onPageChange(current + 1)}
          >
            <ChevronRight />
          </PageButton>
          <PageButton
            className="max-sm:hidden"
            label={t('dataTable.lastPage')}
            disabled={busy || current >= last}
            onClick={() => onPageChange(last)}
          >
            <ChevronsRight />
          </PageButton>
        </div>
      </div>
    </div>
  )
}

function PageButton({
  label,
  disabled,
  onClick,
  children,
  className,
}: {
  label: string
  disabled: boolean
  onClick: () => void
  children: React.ReactNode
  className?: string
}) {
  return (
    <Button
      className={className}
      variant="outline"
      size="icon-sm"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}
