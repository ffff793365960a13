import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { FormField } from '@/features/auth/form-field'
import { bindWeChat } from './api'
import { useRefreshSelf } from './queries'

interface WeChatBindDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  qrCode: string
}

/** Scan the official account's QR code, receive a code by message, type it here. */
export function WeChatBindDialog({ open, onOpenChange, qrCode }: WeChatBindDialogProps) {
  const { t } = useTranslation('personal')
  const refreshSelf = useRefreshSelf()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: bindWeChat,
    onSuccess: async () => {
      toast.success(t('bindings.done'))
      await refreshSelf()
      onOpenChange(false)
    },
    onError: (failure) => setError(failure.message),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!code.trim()) return setError(t('wechat.codeRequired'))
    setError(null)
    mutation.mutate(code.trim())
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent data-testid="wechat-bind-dialog" className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t('wechat.title')}</DialogTitle>
          <DialogDescription>{t('wechat.hint')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {qrCode && <img src={qrCode} alt={t('wechat.qrAlt')} className="mx-auto size-44 rounded-lg border bg-white object-contain p-2" />}
          <FormField
            id="wechat-bind-code"
            label={t('wechat.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            autoComplete="one-time-code"
          />
          <DialogFooter>
            <Button type="submit" disabled={mutation.isPending} className="w-full">
              {mutation.isPending && <Spinner />}
              {t('wechat.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
