import { useQuery } from '@tanstack/react-query'
import { ChevronDownIcon, ChevronUpIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCopyText } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { readItem, storageKeys, writeItem } from '@/lib/storage'
import { getAvailableModels } from './api'
import { MODELS_COLLAPSED_COUNT } from './personal-validation'
import { modelsQueryKey } from './queries'

/** Spec §2: the models list collapses after 10 entries; whether it is expanded is remembered (modelsExpanded). */
export function ModelsCard() {
  const { t } = useTranslation('personal')
  const models = useQuery({ queryKey: modelsQueryKey, queryFn: getAvailableModels })
  const [expanded, setExpanded] = useState(() => readItem(storageKeys.modelsExpanded) === 'true')
  const [copy, manualCopyDialog] = useCopyText()
  const list = models.data ?? []
  const collapsible = list.length > MODELS_COLLAPSED_COUNT
  const shown = collapsible && !expanded ? list.slice(0, MODELS_COLLAPSED_COUNT) : list

  function toggle() {
    const next = !expanded
    setExpanded(next)
    writeItem(storageKeys.modelsExpanded, String(next))
  }

  return (
    <Card data-testid="models-card">
      <CardHeader>
        <CardTitle>{t('models.title')}</CardTitle>
        <CardDescription>{t('models.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {models.isPending ? (
          <div className="flex flex-wrap gap-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-7 w-28 rounded-full" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('models.empty')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="models-list">
            {shown.map((name) => (
              <li key={name} className="min-w-0">
                <button
                  type="button"
                  onClick={() => void copy(name, t('models.copied', { name }))}
                  className="max-w-full truncate rounded-full border bg-muted/40 px-3 py-1 font-mono text-xs transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                  title={name}
                >
                  {name}
                </button>
              </li>
            ))}
          </ul>
        )}
        {collapsible && (
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={toggle}
            data-testid="models-toggle"
            aria-expanded={expanded}
          >
            {expanded ? <ChevronUpIcon /> : <ChevronDownIcon />}
            {expanded ? t('models.collapse') : t('models.expand', { count: list.length })}
          </Button>
        )}
        {manualCopyDialog}
      </CardContent>
    </Card>
  )
}
