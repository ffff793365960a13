import { PAGE_SIZE_OPTIONS } from '@gateway/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { cn } from '@/lib/utils'

interface TasksPagerProps {
  /** 0-based page shown */
  page: number
  /** pages the user may open: the loaded ones, plus one more while the server may hold more */
  pages: number
  loadedRows: number
  hasMore: boolean
  loading: boolean
  pageSize: number
  onPageChange: (page: number) => void
  onPageSizeChange: (size: number) => void
}

/**
 * Paging over lazily loaded rows: the total is not known, so the pager offers the loaded pages and
 * one more; opening that one fetches it.
 */
export function TasksPager({ page, pages, loadedRows, hasMore, loading, pageSize, onPageChange, onPageSizeChange }: TasksPagerProps) {
  const { t } = useTranslation(['suno', 'common'])
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-muted-foreground" data-testid="task-pager">
      <span data-testid="task-loaded">{hasMore ? t('pager.more', { count: loadedRows }) : t('pager.loaded', { count: loadedRows })}</span>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label className="flex items-center gap-2">
          <span className="whitespace-nowrap max-sm:sr-only">{t('common:dataTable.pageSize')}</span>
          <NativeSelect aria-label={t('common:dataTable.pageSize')} className="h-8 w-20" value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))} data-testid="task-page-size">
            {PAGE_SIZE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" className="size-8" aria-label={t('pager.previous')} disabled={page <= 0 || loading} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft />
          </Button>
          {Array.from({ length: pages }, (_, index) => (
            <Button
              key={index}
              variant={index === page ? 'default' : 'outline'}
              size="sm"
              className={cn('h-8 min-w-8 px-2 tabular-nums', Math.abs(index - page) > 2 && index !== 0 && index !== pages - 1 && 'max-sm:hidden')}
              aria-label={t('pager.page', { page: index + 1 })}
              aria-current={index === page ? 'page' : undefined}
              disabled={loading && index !== page}
              onClick={() => onPageChange(index)}
            >
              {index + 1}
            </Button>
          ))}
          <Button variant="outline" size="icon" className="size-8" aria-label={t('pager.next')} disabled={page >= pages - 1 || loading} onClick={() => onPageChange(page + 1)}>
            <ChevronRight />
          </Button>
        </div>
      </div>
    </div>
  )
}
