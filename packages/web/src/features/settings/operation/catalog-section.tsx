import type { ModelCatalogRow } from '@gateway/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DatabaseZap } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table/confirm-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatTokenCount } from '@/lib/token-count'
import { fillPricesFromCatalog, modelCatalogQuery, optionsQueryKey } from '../api'
import { OptionSection } from '../form/option-section'

const sourceVariant = { root: 'success', catalog: 'info', none: 'danger' } as const

const value = (n: number | undefined) => (n === undefined ? '—' : String(n))
const tokens = (n: number | undefined) => (n === undefined ? '—' : formatTokenCount(n))

/**
 * The models the channels serve, with where each price comes from: the root's own entries (which
 * always win) or the model catalog shipped with the server; and the button that copies the
 * catalog's prices into the root's options for the models the root has not priced.
 */
export function CatalogSection() {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const { data: rows = [] } = useQuery(modelCatalogQuery)
  const [confirming, setConfirming] = useState(false)
  const missing = rows.filter((row) => row.source === 'catalog').length
  const fill = useMutation({
    mutationFn: fillPricesFromCatalog,
    onSuccess: async (result) => {
      setConfirming(false)
      // The option maps and the sources both changed; ['options'] covers both queries.
      await queryClient.invalidateQueries({ queryKey: optionsQueryKey })
      toast.success(t('operation.catalog.filled', { count: result?.filled.length ?? 0 }))
    },
    onError: () => setConfirming(false),
  })
  return (
    <OptionSection
      id="model-catalog"
      title={t('operation.catalog.title')}
      description={t('operation.catalog.description')}
      single
      actions={
        <Button
          variant="outline"
          data-testid="fill-from-catalog"
          disabled={missing === 0}
          onClick={() => setConfirming(true)}
        >
          <DatabaseZap />
          {t('operation.catalog.fill', { count: missing })}
        </Button>
      }
    >
      <div className="max-h-96 overflow-auto rounded-lg border">
        <table className="w-full text-sm" data-testid="catalog-table">
          <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">{t('operation.catalog.model')}</th>
              <th className="px-3 py-2 font-medium">{t('operation.catalog.source')}</th>
              <th className="px-3 py-2 font-medium">{t('operation.catalog.ratio')}</th>
              <th className="px-3 py-2 font-medium">{t('operation.catalog.completionRatio')}</th>
              <th className="px-3 py-2 font-medium">{t('operation.catalog.cacheRatio')}</th>
              <th className="px-3 py-2 font-medium">{t('operation.catalog.context')}</th>
              <th className="px-3 py-2 font-medium">{t('operation.catalog.output')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={7} className="px-3 py-6 text-center text-muted-foreground">
                  {t('operation.catalog.empty')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <CatalogRow key={row.model} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('operation.catalog.confirmTitle')}
        description={t('operation.catalog.confirmBody', { count: missing })}
        pending={fill.isPending}
        onConfirm={() => fill.mutate()}
      />
    </OptionSection>
  )
}

function CatalogRow({ row }: { row: ModelCatalogRow }) {
  const { t } = useTranslation('settings')
  const perCall = row.model_price !== undefined
  return (
    <tr data-testid={`catalog-row-${row.model}`} className="border-t">
      <td className="max-w-56 truncate px-3 py-1.5 font-mono text-xs" title={row.model}>
        {row.model}
      </td>
      <td className="px-3 py-1.5">
        <Badge variant={sourceVariant[row.source]}>{t(`operation.catalog.sources.${row.source}`)}</Badge>
      </td>
      <td className="px-3 py-1.5 tabular-nums">
        {perCall ? t('operation.catalog.perCall', { price: row.model_price }) : value(row.model_ratio)}
      </td>
      <td className="px-3 py-1.5 tabular-nums">{value(row.completion_ratio)}</td>
      <td className="px-3 py-1.5 tabular-nums">{value(row.cache_ratio)}</td>
      <td className="px-3 py-1.5 tabular-nums">{tokens(row.catalog?.context_window)}</td>
      <td className="px-3 py-1.5 tabular-nums">{tokens(row.catalog?.output_limit)}</td>
    </tr>
  )
}
