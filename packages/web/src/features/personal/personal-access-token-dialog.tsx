import { useMutation } from '@tanstack/react-query'
import { CopyIcon, TriangleAlertIcon } from 'lucide-react'
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
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { generateAccessToken } from './api'

interface AccessTokenDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  userId: number
}

/** Warns that a new token replaces the old one, then shows the new token once with a copy button. */
export function AccessTokenDialog({ open, onOpenChange, userId }: AccessTokenDialogProps) {
  const { t } = useTranslation(['personal', 'common'])
  const [copy, manualCopyDialog] = useCopyText()
  const mutation = useMutation({ mutationFn: generateAccessToken })
  const token = mutation.data
  // The token is shown once: closing forgets it.
  const close = (next: boolean) => {
    if (!next) mutation.reset()
    onOpenChange(next)
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && close(next)}>
      <DialogContent data-testid="access-token-dialog">
        {token ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('token.resultTitle')}</DialogTitle>
              <DialogDescription>{t('token.resultBody')}</DialogDescription>
            </DialogHeader>
            <div className="flex gap-2">
              <Input
                readOnly
                value={token}
                aria-label={t('token.resultTitle')}
                data-testid="access-token-value"
                className="font-mono text-xs"
                onFocus={(event) => event.target.select()}
              />
              <Button
                variant="outline"
                onClick={() => void copy(token, t('token.copied'))}
                aria-label={t('token.copy')}
              >
                <CopyIcon />
                <span className="hidden sm:inline">{t('token.copy')}</span>
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{t('token.usage', { id: userId })}</p>
            <DialogFooter>
              <Button onClick={() => close(false)}>{t('common:actions.close')}</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t('token.confirmTitle')}</DialogTitle>
              <DialogDescription className="flex gap-2">
                <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" />
                <span>{t('token.confirmBody')}</span>
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" disabled={mutation.isPending} onClick={() => onOpenChange(false)}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                disabled={mutation.isPending}
                onClick={() => mutation.mutate()}
                data-testid="access-token-generate"
              >
                {mutation.isPending && <Spinner />}
                {t('token.generate')}
              </Button>
            </DialogFooter>
          </>
        )}
        {manualCopyDialog}
      </DialogContent>
    </Dialog>
  )
}
