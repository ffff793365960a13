import { Copy, Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useCopyText } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { keysText } from './redemption-form'

/** Saves text as a file through a temporary link. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** After a batch is created: every new key, with "copy all" and "download .txt". */
export function RedemptionKeysDialog({
  keys,
  name,
  onClose,
}: {
  keys: string[] | null
  name: string
  onClose: () => void
}) {
  const { t } = useTranslation('redemptions')
  const [copy, manualCopyDialog] = useCopyText()
  const list = keys ?? []
  return (
    <>
      <Dialog open={keys !== null} onOpenChange={(open) => !open && onClose()}>
        <DialogContent className="max-w-lg" data-testid="redemption-keys-dialog">
          <DialogHeader>
            <DialogTitle>{t('keys.title')}</DialogTitle>
            <DialogDescription>{t('keys.description', { count: list.length })}</DialogDescription>
          </DialogHeader>
          <ol
            className="max-h-72 overflow-y-auto rounded-md border bg-muted/40 p-2 font-mono text-xs"
            data-testid="redemption-keys"
          >
            {list.map((key, index) => (
              <li key={key} className="flex gap-3 rounded px-2 py-1 hover:bg-muted">
                <span className="w-6 shrink-0 text-right text-muted-foreground tabular-nums">{index + 1}</span>
                <span className="break-all select-all">{key}</span>
              </li>
            ))}
          </ol>
          <DialogFooter className="sm:justify-between">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                variant="outline"
                onClick={() => void copy(keysText(list).trimEnd(), t('toast.copiedAll', { count: list.length }))}
              >
                <Copy />
                {t('keys.copyAll')}
              </Button>
              <Button
                variant="outline"
                onClick={() => downloadText(`${name || 'redemption-codes'}.txt`, keysText(list))}
              >
                <Download />
                {t('keys.download')}
              </Button>
            </div>
            <Button onClick={onClose}>{t('keys.close')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {manualCopyDialog}
    </>
  )
}
