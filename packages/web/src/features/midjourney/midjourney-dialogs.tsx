import type { MjTask } from '@gateway/shared'
import { ExternalLink } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog'

/** The task's image, enlarged; a link opens the original in a new tab. */
export function MjImageDialog({ task, onClose }: { task: MjTask | null; onClose: () => void }) {
  const { t } = useTranslation('midjourney')
  const [failed, setFailed] = useState<string | null>(null)
  return (
    <Dialog open={task !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="mj-image-dialog">
        <DialogHeader>
          <DialogTitle className="truncate pr-6 font-mono text-sm">
            {t('imageTitle', { id: task?.mj_id ?? '' })}
          </DialogTitle>
        </DialogHeader>
        {task &&
          (failed === task.image_url ? (
            <p className="text-sm text-destructive">{t('imageFailed')}</p>
          ) : (
            <img
              src={task.image_url}
              alt={task.prompt}
              className="max-h-[70dvh] w-full rounded-md bg-muted object-contain"
              onError={() => setFailed(task.image_url)}
            />
          ))}
        {task && (
          <a
            href={task.image_url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline"
          >
            <ExternalLink className="size-4" />
            {t('openOriginal')}
          </a>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** A prompt or failure reason in full. */
export function MjTextDialog({ text, onClose }: { text: string | null; onClose: () => void }) {
  const { t } = useTranslation('midjourney')
  return (
    <Dialog open={text !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl" data-testid="mj-text-dialog">
        <DialogHeader>
          <DialogTitle>{t('textTitle')}</DialogTitle>
        </DialogHeader>
        <p className="max-h-[60dvh] overflow-auto text-sm break-words whitespace-pre-wrap">{text}</p>
      </DialogContent>
    </Dialog>
  )
}
