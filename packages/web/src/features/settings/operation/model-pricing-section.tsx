import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus, Search, Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import { optionsQuery, optionsQueryKey, saveOptions, type OptionMap } from '../api'
import { OptionSection } from '../form/option-section'
import { reportSave } from '../form/use-option-form'
import { AddModelDialog } from './add-model-dialog'
import { buildRows, changedMaps, isNumberText, rowsToMaps, type PricingRow } from './pricing-rows'

const PAGE_SIZE = 10

/** ModelPrice / ModelRatio / CompletionRatio edited as one searchable table. */
export function ModelPricingSection() {
  const { data, dataUpdatedAt } = useQuery(optionsQuery)
  // Re-seed the rows whenever the stored options change (after a save or the ratio reset).
  return data ? <PricingEditor key={dataUpdatedAt} stored={data} /> : null
}

function PricingEditor({ stored }: { stored: OptionMap }) {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const [rows, setRows] = useState(() => buildRows(stored))
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const [adding, setAdding] = useState(false)
  const filtered = useMemo(
    () => rows.filter((row) => row.name.toLowerCase().includes(search.trim().toLowerCase())),
    [rows, search]
  )
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE))
  const current = Math.min(page, pages - 1)
  const visible = filtered.slice(current * PAGE_SIZE, current * PAGE_SIZE + PAGE_SIZE)
  const invalid = rows.some((row) => ![row.price, row.ratio, row.completionRatio].every(isNumberText))

  const update = (name: string, patch: Partial<PricingRow>) =>
    setRows((all) => all.map((row) => (row.name === name ? { ...row, ...patch } : row)))

  const apply = useMutation({
    mutationFn: saveOptions,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: optionsQueryKey })
      reportSave(result)
    },
  })
  const save = () => {
    if (invalid) {
      toast.error(t('operation.pricing.problems.notNumber'))
      return
    }
    const changes = changedMaps(stored, rowsToMaps(rows))
    if (changes.length === 0) toast.warning(t('form.nothingChanged'))
    else apply.mutate(changes)
  }

  const cell = 'h-8 min-w-20 text-[13px]'
  return (
    <OptionSection
      id="pricing"
      title={t('operation.pricing.title')}
      description={t('operation.pricing.description')}
      single
      actions={
        <Button data-testid="save-pricing" disabled={apply.isPending} onClick={save}>
          {t('operation.pricing.apply')}
        </Button>
      }
    >
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-1 sm:max-w-xs">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            data-testid="pricing-search"
            aria-label={t('operation.pricing.search')}
            placeholder={t('operation.pricing.search')}
            className="pl-8"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value)
              setPage(0)
            }}
          />
        </div>
        <Button variant="outline" data-testid="add-model" onClick={() => setAdding(true)}>
          <Plus />
          {t('operation.pricing.add')}
        </Button>
      </div>
      <div className="hidden overflow-x-auto rounded-lg border sm:block">
        <table className="w-full text-sm" data-testid="pricing-table">
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">{t('operation.pricing.name')}</th>
              <th className="px-3 py-2 font-medium">{t('operation.pricing.price')}</th>
              <th className="px-3 py-2 font-medium">{t('operation.pricing.ratio')}</th>
              <th className="px-3 py-2 font-medium">{t('operation.pricing.completionRatio')}</th>
              <th className="px-3 py-2" />
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
                  {t('operation.pricing.empty')}
                </td>
              </tr>
            )}
            {visible.map((row) => {
              const priced = row.price.trim() !== ''
              return (
                <tr key={row.name} data-testid={`pricing-row-${row.name}`} className="border-t">
                  <td className="max-w-56 truncate px-3 py-1.5 font-mono text-xs" title={row.name}>
                    {row.name}
                  </td>
                  {(['price', 'ratio', 'completionRatio'] as const).map((field) => (
                    <td key={field} className="px-2 py-1.5">
                      <Input
                        aria-label={`${row.name} ${t(`operation.pricing.${field}`)}`}
                        inputMode="decimal"
                        className={cn(cell, !isNumberText(row[field]) && 'border-destructive')}
                        disabled={field !== 'price' && priced}
                        value={row[field]}
                        onChange={(event) => update(row.name, { [field]: event.target.value })}
                      />
                    </td>
                  ))}
                  <td className="px-2 py-1.5 text-right">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('operation.pricing.remove', { name: row.name })}
                      onClick={() => setRows((all) => all.filter((other) => other.name !== row.name))}
                    >
                      <Trash2 />
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {/* Phones: one card per model instead of a table that would scroll sideways. */}
      <ul className="grid gap-2 sm:hidden" data-testid="pricing-cards">
        {visible.length === 0 && (
          <li className="py-6 text-center text-sm text-muted-foreground">{t('operation.pricing.empty')}</li>
        )}
        {visible.map((row) => {
          const priced = row.price.trim() !== ''
          return (
            <li key={row.name} className="grid gap-2 rounded-lg border p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate font-mono text-xs" title={row.name}>
                  {row.name}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('operation.pricing.remove', { name: row.name })}
                  onClick={() => setRows((all) => all.filter((other) => other.name !== row.name))}
                >
                  <Trash2 />
                </Button>
              </div>
              <div className="grid grid-cols-3 gap-2">
                {(['price', 'ratio', 'completionRatio'] as const).map((field) => (
                  <label key={field} className="grid min-w-0 gap-1 text-[11px] text-muted-foreground">
                    <span className="truncate">{t(`operation.pricing.${field}`)}</span>
                    <Input
                      inputMode="decimal"
                      className={cn('h-8 text-[13px]', !isNumberText(row[field]) && 'border-destructive')}
                      disabled={field !== 'price' && priced}
                      value={row[field]}
                      onChange={(event) => update(row.name, { [field]: event.target.value })}
                    />
                  </label>
                ))}
              </div>
            </li>
          )
        })}
      </ul>
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{t('operation.pricing.count', { count: filtered.length })}</span>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('operation.pricing.previous')}
          </Button>
          <span className="px-2 tabular-nums">
            {current + 1} / {pages}
          </span>
          <Button variant="outline" size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            {t('operation.pricing.next')}
          </Button>
        </div>
      </div>
      <AddModelDialog
        open={adding}
        onOpenChange={setAdding}
        rows={rows}
        onAdd={(row) => {
          setRows((all) => [row, ...all])
          setSearch('')
          setPage(0)
        }}
      />
    </OptionSection>
  )
}
