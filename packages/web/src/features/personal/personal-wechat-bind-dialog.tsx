import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { WeChatCodeDialog } from '@/features/auth/auth-wechat-code-dialog'
import { bindWeChat } from './api'
import { useRefreshSelf } from './queries'

interface WeChatBindDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  qrCode: string
}

/** Binds a WeChat account with a code the official account sends. */
export function WeChatBindDialog({ open, onOpenChange, qrCode }: WeChatBindDialogProps) {
  const { t } = useTranslation('personal')
  const refreshSelf = useRefreshSelf()
  const mutation = useMutation({
    mutationFn: bindWeChat,
    onSuccess: async () => {
      toast.success(t('bindings.done'))
      await refreshSelf()
      onOpenChange(false)
    },
  })
  const texts = {
    title: t('wechat.title'),
    hint: t('wechat.hint'),
    qrAlt: t('wechat.qrAlt'),
    code: t('wechat.code'),
    codeRequired: t('wechat.codeRequired'),
    submit: t('wechat.submit'),
  }
  return (
    <WeChatCodeDialog
      open={open}
      onOpenChange={onOpenChange}
      qrCode={qrCode}
      texts={texts}
      testId="wechat-bind-dialog"
      inputId="wechat-bind-code"
      pending={mutation.isPending}
      failure={mutation.error?.message ?? null}
      onSubmit={(code) => mutation.mutate(code)}
    />
  )
}
