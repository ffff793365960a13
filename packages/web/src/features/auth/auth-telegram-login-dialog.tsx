import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { loginWithTelegram, type TelegramAuthData } from './api'
import { TelegramWidgetDialog } from './auth-telegram-widget-dialog'
import { useCompleteLogin } from './use-complete-login'

interface TelegramLoginDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  botName: string
}

/** Signs in with Telegram's login widget. */
export function TelegramLoginDialog({ open, onOpenChange, botName }: TelegramLoginDialogProps) {
  const { t } = useTranslation('auth')
  const completeLogin = useCompleteLogin()
  const onAuth = useCallback(
    (data: TelegramAuthData) => {
      loginWithTelegram(data)
        .then((user) => completeLogin(user))
        .catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)))
    },
    [completeLogin]
  )
  return (
    <TelegramWidgetDialog
      open={open}
      onOpenChange={onOpenChange}
      botName={botName}
      title={t('oauth.telegram')}
      hint={t('oauth.telegramHint')}
      testId="telegram-dialog"
      onAuth={onAuth}
    />
  )
}
