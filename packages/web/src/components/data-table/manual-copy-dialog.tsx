import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
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
import { Textarea } from '@/components/ui/textarea'

/** Shown when the clipboard refuses (no permission, insecure page): the text, selected, to copy by hand. */
export function ManualCopyDialog({ text, onClose }: { text: string | null; onClose: () => void }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (text === null) return
    // Wait for the dialog to mount its content, then select everything.
    const timer = setTimeout(() => ref.current?.select(), 0)
    return () => clearTimeout(timer)
  }, [text])
  return (
    <Dialog open={text !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        data-testid="manual-copy-dialog"
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          ref.current?.focus()
          ref.current?.select()
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('dataTable.copy.manualTitle')}</DialogTitle>
          <DialogDescription>{t('dataTable.copy.manualHint')}</DialogDescription>
        </DialogHeader>
        <Textarea
          ref={ref}
          readOnly
          value={text ?? ''}
          rows={3}
          className="font-mono text-xs break-all"
          aria-label={t('dataTable.copy.manualTitle')}
        />
        <DialogFooter>
          <Button onClick={onClose}>{t('actions.close')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * Copies text to the clipboard and toasts "Copied"; when the clipboard refuses, opens the manual
 * copy dialog instead. Render the returned element once in the page.
 */
export function useCopyText(): [(text: string, successMessage?: string) => Promise<boolean>, ReactNode] {
  const { t } = useTranslation()
  const [manual, setManual] = useState<string | null>(null)
  const copy = useCallback(
    async (text: string, successMessage?: string) => {
      try {
        if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable')
        await navigator.clipboard.writeText(text)
        toast.success(successMessage ?? t('dataTable.copy.copied'))
        return true
      } catch {
        setManual(text)
        return false
      }
    },
    [t]
  )
  return [copy, <ManualCopyDialog key="manual-copy" text={manual} onClose={() => setManual(null)} />]
}
