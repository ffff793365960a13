import { QuotaType, type PricingItem } from '@gateway/shared'
import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import { Copy } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatTokenCount } from '@/lib/token-count'
import { formatUsd, groupRatioVariant, inputPricePerMillion, outputPricePerMillion, perCallPrice } from './pricing'

interface PricingColumnsOptions {
  t: TFunction<'pricing'>
  /** ratio of the group the prices are shown for */
  groupRatio: number
  /** every usable group's ratio, to colour the group tags */
  groupRatios: Record<string, number>
  onCopy: (model: string) => void
}

export function pricingColumns({
  t,
  groupRatio,
  groupRatios,
  onCopy,
}: PricingColumnsOptions): ColumnDef<PricingItem, unknown>[] {
  return [
    {
      id: 'model',
      header: t('columns.model'),
      cell: ({ row }) => (
        <div className="flex items-center gap-1">
          <span className="font-medium break-all">{row.original.model_name}</span>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('copyModel', { model: row.original.model_name })}
            onClick={() => onCopy(row.original.model_name)}
          >
            <Copy />
          </Button>
        </div>
      ),
    },
    {
      id: 'price',
      header: t('columns.price'),
      cell: ({ row }) =>
        row.original.quota_type === QuotaType.perCall ? (
          <span className="whitespace-nowrap">
            {t('price.perCall', { price: formatUsd(perCallPrice(row.original, groupRatio)) })}
          </span>
        ) : (
          <div className="flex flex-col whitespace-nowrap">
            <span>{t('price.input', { price: formatUsd(inputPricePerMillion(row.original, groupRatio)) })}</span>
            <span>{t('price.output', { price: formatUsd(outputPricePerMillion(row.original, groupRatio)) })}</span>
          </div>
        ),
    },
    {
      id: 'quotaType',
      header: t('columns.quotaType'),
      cell: ({ row }) =>
        row.original.quota_type === QuotaType.perCall ? (
          <Badge variant="purple">{t('quotaType.price')}</Badge>
        ) : (
          <Badge variant="info">{t('quotaType.ratio')}</Badge>
        ),
    },
    {
      id: 'ratio',
      header: t('columns.ratio'),
      cell: ({ row }) => (
        <div className="flex flex-col text-xs text-muted-foreground">
          {row.original.quota_type === QuotaType.perCall ? null : (
            <>
              <span>{t('ratio.model', { value: row.original.model_ratio })}</span>
              <span>{t('ratio.completion', { value: row.original.completion_ratio })}</span>
            </>
          )}
          <span>{t('ratio.group', { value: groupRatio })}</span>
        </div>
      ),
    },
    {
      id: 'context',
      header: t('columns.context'),
      cell: ({ row }) => {
        const { context_window: context, output_limit: output } = row.original
        if (context === undefined && output === undefined) return <span className="text-muted-foreground">—</span>
        return (
          <div className="flex flex-col text-xs whitespace-nowrap text-muted-foreground">
            {context !== undefined && <span>{t('context.window', { tokens: formatTokenCount(context) })}</span>}
            {output !== undefined && <span>{t('context.output', { tokens: formatTokenCount(output) })}</span>}
          </div>
        )
      },
    },
    {
      id: 'groups',
      header: t('columns.groups'),
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {row.original.enable_groups.map((group) => (
            <Badge key={group} variant={groupRatioVariant(groupRatios[group])} data-testid={`group-tag-${group}`}>
              {group}
            </Badge>
          ))}
        </div>
      ),
    },
  ]
}
