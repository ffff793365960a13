import { Check, ChevronDown, X } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

interface MultiSelectProps {
  id?: string
  options: readonly string[]
  value: readonly string[]
  onChange: (next: string[]) => void
  placeholder: string
  'data-testid'?: string
}

const LIST_LIMIT = 200

/** Chips of the chosen names over a searchable popover list; chosen names outside the options stay. */
export function MultiSelect({ id, options, value, onChange, placeholder, 'data-testid': testId }: MultiSelectProps) {
  const { t } = useTranslation('channels')
  const [query, setQuery] = useState('')
  const all = useMemo(() => [...new Set([...value, ...options])], [options, value])
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase()
    return (needle ? all.filter((name) => name.toLowerCase().includes(needle)) : all).slice(0, LIST_LIMIT)
  }, [all, query])
  const toggle = (name: string) =>
    onChange(value.includes(name) ? value.filter((item) => item !== name) : [...value, name])

  return (
    <div className="grid gap-2" data-testid={testId}>
      {value.length > 0 && (
        <div className="flex max-h-36 flex-wrap gap-1.5 overflow-y-auto rounded-md border bg-muted/30 p-2">
          {value.map((name) => (
            <span
              key={name}
              className="inline-flex items-center gap-1 rounded-md border bg-background px-2 py-0.5 text-xs"
            >
              <span className="max-w-56 truncate">{name}</span>
              <button
                type="button"
                aria-label={t('editor.remove', { name })}
                className="rounded-sm text-muted-foreground hover:text-foreground"
                onClick={() => toggle(name)}
              >
                <X className="size-3" />
              </button>
            </span>
          ))}
        </div>
      )}
      <Popover.Root onOpenChange={(open) => !open && setQuery('')}>
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            data-testid={testId ? `${testId}-trigger` : undefined}
            className="flex h-9 w-full items-center justify-between rounded-md border border-input bg-card px-3 text-left text-sm text-muted-foreground shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30 dark:bg-input/20"
          >
            <span className="truncate">
              {value.length > 0 ? t('editor.selectedCount', { count: value.length }) : placeholder}
            </span>
            <ChevronDown className="size-4 shrink-0" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            className="z-50 w-(--radix-popover-trigger-width) min-w-56 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg animate-pop-in"
          >
            <Input
              autoFocus
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('editor.searchModels')}
              className="mb-1 h-8"
              data-testid={testId ? `${testId}-search` : undefined}
            />
            <div role="listbox" aria-multiselectable className="max-h-64 overflow-y-auto">
              {matches.length === 0 && (
                <p className="px-2 py-3 text-center text-sm text-muted-foreground">{t('editor.noModels')}</p>
              )}
              {matches.map((name) => {
                const selected = value.includes(name)
                return (
                  <button
                    key={name}
                    type="button"
                    role="option"
                    aria-selected={selected}
                    onClick={() => toggle(name)}
                    className={cn(
                      'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent',
                      selected && 'font-medium'
                    )}
                  >
                    <Check className={cn('size-4 shrink-0 text-primary', !selected && 'invisible')} />
                    <span className="truncate">{name}</span>
                  </button>
                )
              })}
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  )
}
