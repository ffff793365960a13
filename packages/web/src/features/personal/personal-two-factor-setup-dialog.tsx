import type { TwoFactorSetup } from '@gateway/shared'
import { useMutation } from '@tanstack/react-query'
import { Copy } from 'lucide-react'
import QRCode from 'qrcode'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
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
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { FormField } from '@/features/auth/auth-form-field'
import { enableTwoFactor } from './personal-two-factor-api'
import { TwoFactorBackupCodes } from './personal-two-factor-backup-codes'

interface TwoFactorSetupDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  setup: TwoFactorSetup
  onEnabled: () => void
}

/** The QR code as an image, drawn in the browser: the secret never leaves for a QR service. */
function useQrImage(uri: string): string | null {
  const [image, setImage] = useState<{ uri: string; url: string } | null>(null)
  useEffect(() => {
    let current = true
    void QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => current && setImage({ uri, url }))
    return () => {
      current = false
    }
  }, [uri])
  return image?.uri === uri ? image.url : null
}

/** Scan (or type) the new secret, confirm with a code, then keep the backup codes shown once. */
export function TwoFactorSetupDialog({ open, onOpenChange, setup, onEnabled }: TwoFactorSetupDialogProps) {
  const { t } = useTranslation(['twoFactor', 'common'])
  const [copy, manualCopyDialog] = useCopyText()
  const qr = useQrImage(setup.qr_code_data)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: () => enableTwoFactor(code.trim()),
    onSuccess: () => {
      toast.success(t('setup.enabled'))
      onEnabled()
    },
    onError: (failure) => setError(failure.message),
    // Shown under the field, not also as a toast.
    meta: { silent: true },
  })

  function confirm(event: FormEvent) {
    event.preventDefault()
    if (!code.trim()) return setError(t('prompt.codeRequired'))
    setError(null)
    mutation.mutate()
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent data-testid="two-factor-setup-dialog" className="sm:max-w-lg">
        {mutation.isSuccess ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('backup.title')}</DialogTitle>
              <DialogDescription className="sr-only">{t('backup.title')}</DialogDescription>
            </DialogHeader>
            <TwoFactorBackupCodes codes={setup.backup_codes} />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)} data-testid="two-factor-backup-done">
                {t('backup.done')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t('setup.title')}</DialogTitle>
              <DialogDescription>{t('setup.scan')}</DialogDescription>
            </DialogHeader>
            <div className="flex justify-center">
              {qr ? (
                <img
                  src={qr}
                  alt={t('setup.qrAlt')}
                  data-testid="two-factor-qr"
                  className="size-[200px] rounded-md border bg-white"
                />
              ) : (
                <Skeleton className="size-[200px]" />
              )}
            </div>
            <div className="grid gap-2">
              <p className="text-sm text-muted-foreground">{t('setup.secret')}</p>
              <div className="flex items-center gap-2">
                <code
                  data-testid="two-factor-secret"
                  className="flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all"
                >
                  {setup.secret}
                </code>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void copy(setup.secret, t('setup.secretCopied'))}
                  aria-label={t('setup.copySecret')}
                >
                  <Copy />
                </Button>
              </div>
            </div>
            <form onSubmit={confirm} className="grid gap-4" noValidate>
              <FormField
                id="two-factor-setup-code"
                data-testid="two-factor-setup-code"
                label={t('setup.code')}
                placeholder={t('setup.codePlaceholder')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={error}
              />
              <DialogFooter>
                <Button
                  type="button"
                  variant="outline"
                  disabled={mutation.isPending}
                  onClick={() => onOpenChange(false)}
                >
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={mutation.isPending} data-testid="two-factor-setup-confirm">
                  {mutation.isPending && <Spinner />}
                  {t('setup.confirm')}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
        {manualCopyDialog}
      </DialogContent>
    </Dialog>
  )
}
