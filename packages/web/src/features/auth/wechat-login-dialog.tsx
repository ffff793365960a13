import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { loginWithWeChat } from './api'
import { FormField } from './form-field'
import { useCompleteLogin } from './use-complete-login'

interface WeChatLoginDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  qrCode: string
}

/** Scan the official account's QR code, get a code by message, type it here. */
export function WeChatLoginDialog({ open, onOpenChange, qrCode }: WeChatLoginDialogProps) {
  const { t } = useTranslation('auth')
  const completeLogin = useCompleteLogin()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation({ mutationFn: loginWithWeChat, onSuccess: completeLogin })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!code.trim()) return setError(t('oauth.wechatCodeRequired'))
    setError(null)
    mutation.mutate(code.trim())
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="wechat-dialog" className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t('oauth.wechatTitle')}</DialogTitle>
          <DialogDescription>{t('oauth.wechatHint')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          {qrCode && (
            <img src={qrCode} alt={t('oauth.wechatQrAlt')} className="mx-auto size-44 rounded-lg border bg-white object-contain p-2" />
          )}
          <FormField
            id="wechat-code"
            label={t('oauth.wechatCode')}
            placeholder={t('oauth.wechatCodePlaceholder')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            autoComplete="one-time-code"
          />
          <DialogFooter>
            <Button type="submit" disabled={mutation.isPending} className="w-full">
              {mutation.isPending && <Spinner />}
              {t('oauth.wechatSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
