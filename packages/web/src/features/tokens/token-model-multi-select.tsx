import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'

interface ModelMultiSelectProps {
  options: string[]
  value: string[]
  onChange: (next: string[]) => void
  loading?: boolean
  disabled?: boolean
}

/** Selected models as removable chips over a filterable, scrollable checklist. */
export function ModelMultiSelect({
  options,
  value,
  onChange,
  loading = false,
  disabled = false,
}: ModelMultiSelectProps) {
  const { t } = useTranslation('tokens')
  const [filter, setFilter] = useState('')
  const id = useId()
  // A limit saved earlier may name a model no longer offered; keep it listed so it can be removed.
  const all = [...new Set([...options, ...value])]
  const shown = all.filter((model) => model.toLowerCase().includes(filter.trim().toLowerCase()))
  const toggle = (model: string, on: boolean) =>
    onChange(on ? [...value.filter((item) => item !== model), model] : value.filter((item) => item !== model))

  return (
    <div className="grid gap-2" data-testid="token-model-select" aria-disabled={disabled || undefined}>
      <div className="flex min-h-6 flex-wrap items-center gap-1.5">
        <span className="text-xs text-muted-foreground">{t('editor.modelsSelected', { count: value.length })}</span>
        {value.map((model) => (
          <Badge key={model} variant="secondary" className="gap-1 pr-1 font-mono">
            {model}
            <button
              type="button"
              disabled={disabled}
              className="rounded-sm p-0.5 hover:bg-background/60"
              aria-label={`${t('editor.clearModels')} ${model}`}
              onClick={() => toggle(model, false)}
            >
              <X className="size-3" />
            </button>
          </Badge>
        ))}
        {value.length > 0 && (
          <Button variant="link" size="sm" className="h-6 px-1" disabled={disabled} onClick={() => onChange([])}>
            {t('editor.clearModels')}
          </Button>
        )}
      </div>
      <Input
        className="h-8"
        value={filter}
        disabled={disabled}
        placeholder={t('editor.modelsFilter')}
        aria-label={t('editor.modelsFilter')}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div
        className="max-h-44 overflow-y-auto rounded-md border bg-card p-1"
        role="group"
        aria-label={t('editor.modelLimitsEnabled')}
      >
        {loading && <p className="p-2 text-sm text-muted-foreground">{t('editor.modelsLoading')}</p>}
        {!loading && shown.length === 0 && (
          <p className="p-2 text-sm text-muted-foreground">{t('editor.modelsNone')}</p>
        )}
        {shown.map((model, index) => (
          <label
            key={model}
            htmlFor={`${id}-${index}`}
            className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 font-mono text-[13px] hover:bg-muted/60"
          >
            <Checkbox
              id={`${id}-${index}`}
              checked={value.includes(model)}
              disabled={disabled}
              onCheckedChange={(on) => toggle(model, on === true)}
            />
            <span className="truncate">{model}</span>
          </label>
        ))}
      </div>
    </div>
  )
}
