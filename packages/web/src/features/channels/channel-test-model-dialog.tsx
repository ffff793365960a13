import { splitCommaList, uniqueItems, type Channel } from '@gateway/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'

interface TestModelDialogProps {
  channel: Channel | null
  onPick: (channel: Channel, model: string) => void
  onClose: () => void
}

/** Picks which of the channel's models the test sends. */
export function TestModelDialog({ channel, onPick, onClose }: TestModelDialogProps) {
  const { t } = useTranslation('channels')
  const [query, setQuery] = useState('')
  const models = useMemo(() => uniqueItems(splitCommaList(channel?.models ?? '')), [channel])
  const matches = models.filter((model) => model.toLowerCase().includes(query.trim().toLowerCase()))
  return (
    <Dialog
      open={channel !== null}
      onOpenChange={(open) => {
        if (!open) {
          setQuery('')
          onClose()
        }
      }}
    >
      <DialogContent data-testid="test-model-dialog" className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('testDialog.title')}</DialogTitle>
          <DialogDescription>{t('testDialog.description', { name: channel?.name ?? '' })}</DialogDescription>
        </DialogHeader>
        <Input
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('testDialog.search')}
          autoFocus
        />
        <div className="grid max-h-80 gap-1 overflow-y-auto">
          {matches.map((model) => (
            <button
              key={model}
              type="button"
              className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent"
              onClick={() => channel && onPick(channel, model)}
            >
              <span className="truncate">{model}</span>
              {channel?.test_model === model && <Badge variant="info">{t('testDialog.default')}</Badge>}
            </button>
          ))}
          {matches.length === 0 && (
            <p className="py-6 text-center text-sm text-muted-foreground">{t('editor.noModels')}</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
