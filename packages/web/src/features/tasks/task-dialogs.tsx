import type { TaskRecord } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { formatRecord } from './task-format'

/** The task-id dialog: the full record as formatted JSON, 800 by 400 (narrower on small screens). */
export function TaskRecordDialog({ record, onClose }: { record: TaskRecord | null; onClose: () => void }) {
  const { t } = useTranslation('suno')
  return (
    <Dialog open={record !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="w-[calc(100%-2rem)] max-w-[800px] sm:max-w-[800px]" data-testid="task-record-dialog">
        <DialogHeader>
          <DialogTitle>{t('taskDialog')}</DialogTitle>
          <DialogDescription className="font-mono text-xs break-all">{record?.task_id}</DialogDescription>
        </DialogHeader>
        <pre
          className="h-[400px] max-h-[60dvh] overflow-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap"
          data-testid="task-record-json"
        >
          {record ? formatRecord(record) : ''}
        </pre>
      </DialogContent>
    </Dialog>
  )
}

/** The failure-reason dialog: the whole text, which the table cuts short. */
export function FailReasonDialog({ reason, onClose }: { reason: string | null; onClose: () => void }) {
  const { t } = useTranslation('suno')
  return (
    <Dialog open={reason !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="task-reason-dialog">
        <DialogHeader>
          <DialogTitle>{t('reasonDialog')}</DialogTitle>
          <DialogDescription className="sr-only">{t('reasonDialog')}</DialogDescription>
        </DialogHeader>
        <p className="max-h-[60dvh] overflow-auto text-sm break-words whitespace-pre-wrap">{reason}</p>
      </DialogContent>
    </Dialog>
  )
}
