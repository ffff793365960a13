import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
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
import { channelsApi } from './api'
import { useInvalidateChannels } from './queries'

/** Sets one tag on the selected channels (POST /api/channel/batch/tag). */
interface BatchTagDialogProps {
  ids: number[]
  open: boolean
  onOpenChange: (open: boolean) => void
  /** After the tag is saved. */
  onDone?: () => void
}

export function BatchTagDialog({ ids, open, onOpenChange, onDone }: BatchTagDialogProps) {
  const { t } = useTranslation('channels')
  const invalidate = useInvalidateChannels()
  const [tag, setTag] = useState('')
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: () => channelsApi.setTag(ids, tag.trim()),
    onSuccess: (count) => {
      toast.success(t('toasts.tagSet', { count: typeof count === 'number' ? count : ids.length }))
      void invalidate()
      setTag('')
      onOpenChange(false)
      onDone?.()
    },
  })
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (tag.trim() === '') {
      setError(t('messages.tagRequired'))
      toast.error(t('messages.tagRequired'))
      return
    }
    save.mutate()
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="batch-tag-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('batchTag.title')}</DialogTitle>
            <DialogDescription>{t('batchTag.description', { count: ids.length })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Input
              autoFocus
              data-testid="batch-tag-input"
              value={tag}
              placeholder={t('batchTag.placeholder')}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setTag(event.target.value)
                setError(null)
              }}
            />
            {error && <p className="text-[13px] text-destructive">{error}</p>}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="batch-tag-save">
              {t('confirm.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
