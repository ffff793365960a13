import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { loginWithWeChat } from './api'
import { WeChatCodeDialog } from './auth-wechat-code-dialog'
import { useCompleteLogin } from './use-complete-login'

interface WeChatLoginDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  qrCode: string
}

/** Signs in with a code the WeChat official account sends. */
export function WeChatLoginDialog({ open, onOpenChange, qrCode }: WeChatLoginDialogProps) {
  const { t } = useTranslation('auth')
  const completeLogin = useCompleteLogin()
  const mutation = useMutation({ mutationFn: loginWithWeChat, onSuccess: completeLogin })
  const texts = {
    title: t('oauth.wechatTitle'),
    hint: t('oauth.wechatHint'),
    qrAlt: t('oauth.wechatQrAlt'),
    code: t('oauth.wechatCode'),
    codePlaceholder: t('oauth.wechatCodePlaceholder'),
    codeRequired: t('oauth.wechatCodeRequired'),
    submit: t('oauth.wechatSubmit'),
  }
  return (
    <WeChatCodeDialog
      open={open}
      onOpenChange={onOpenChange}
      qrCode={qrCode}
      texts={texts}
      testId="wechat-dialog"
      inputId="wechat-code"
      pending={mutation.isPending}
      onSubmit={(code) => mutation.mutate(code)}
    />
  )
}
