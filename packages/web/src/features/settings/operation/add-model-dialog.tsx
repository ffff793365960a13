import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { checkNewRow, type PricingRow } from './pricing-rows'

interface AddModelDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  rows: readonly PricingRow[]
  onAdd: (row: PricingRow) => void
}

const empty: PricingRow = { name: '', price: '', ratio: '', completionRatio: '' }

/** Adds a model with either a fixed price or a ratio (and optional completion ratio). */
export function AddModelDialog({ open, onOpenChange, rows, onAdd }: AddModelDialogProps) {
  const { t } = useTranslation('settings')
  const [row, setRow] = useState<PricingRow>(empty)
  const [mode, setMode] = useState<'ratio' | 'price'>('ratio')
  const [problem, setProblem] = useState<string | null>(null)
  const update = (patch: Partial<PricingRow>) => {
    setRow((current) => ({ ...current, ...patch }))
    setProblem(null)
  }
  const submit = () => {
    const candidate =
      mode === 'price'
        ? { ...row, name: row.name.trim(), ratio: '', completionRatio: '' }
        : { ...row, name: row.name.trim(), price: '' }
    const found = checkNewRow(rows, candidate)
    if (found) {
      setProblem(t(`operation.pricing.problems.${found}`))
      return
    }
    onAdd(candidate)
    setRow(empty)
    onOpenChange(false)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="add-model-dialog">
        <DialogHeader>
          <DialogTitle>{t('operation.pricing.addTitle')}</DialogTitle>
          <DialogDescription>{t('operation.pricing.addDescription')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="add-model-name">{t('operation.pricing.name')}</Label>
            <Input id="add-model-name" value={row.name} onChange={(event) => update({ name: event.target.value })} />
          </div>
          <div role="radiogroup" className="inline-flex w-fit rounded-lg bg-muted p-1">
            {(['ratio', 'price'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={mode === value}
                onClick={() => setMode(value)}
                className={`rounded-md px-3 py-1 text-sm ${mode === value ? 'bg-card shadow-sm' : 'text-muted-foreground'}`}
              >
                {t(`operation.pricing.mode.${value}`)}
              </button>
            ))}
          </div>
          {mode === 'price' ? (
            <div className="grid gap-2">
              <Label htmlFor="add-model-price">{t('operation.pricing.price')}</Label>
              <Input
                id="add-model-price"
                inputMode="decimal"
                value={row.price}
                onChange={(event) => update({ price: event.target.value })}
              />
            </div>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="add-model-ratio">{t('operation.pricing.ratio')}</Label>
                <Input
                  id="add-model-ratio"
                  inputMode="decimal"
                  value={row.ratio}
                  onChange={(event) => update({ ratio: event.target.value })}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="add-model-completion">{t('operation.pricing.completionRatio')}</Label>
                <Input
                  id="add-model-completion"
                  inputMode="decimal"
                  value={row.completionRatio}
                  onChange={(event) => update({ completionRatio: event.target.value })}
                />
              </div>
            </div>
          )}
          {problem && (
            <p role="alert" className="text-[13px] text-destructive">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" data-testid="add-model-submit">
              {t('operation.pricing.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
