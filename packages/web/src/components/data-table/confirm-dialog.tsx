import type { ReactNode } from 'react'
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
import { Spinner } from '@/components/ui/spinner'
import { useHeldWhileClosed } from '@/hooks/use-held-while-closed'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  /** Label of the confirm button; defaults to "Confirm". */
  confirmLabel?: string
  /** Red confirm button, for deletions. */
  destructive?: boolean
  /** Disables the buttons and shows a spinner while the action runs. */
  pending?: boolean
  onConfirm: () => void
}

/** The one confirmation dialog of the console (delete one, delete selected, ...). */
export function ConfirmDialog({ open, onOpenChange, pending = false, onConfirm, ...words }: ConfirmDialogProps) {
  const { t } = useTranslation()
  // While it fades out, the dialog keeps what it said when open, not the caller's cleared state.
  const { title, description, confirmLabel, destructive = false } = useHeldWhileClosed(open, words)
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent data-testid="confirm-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? (
            <DialogDescription>{description}</DialogDescription>
          ) : (
            <DialogDescription className="sr-only">{title}</DialogDescription>
          )}
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending}
            onClick={onConfirm}
            data-testid="confirm-dialog-confirm"
          >
            {pending && <Spinner />}
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
