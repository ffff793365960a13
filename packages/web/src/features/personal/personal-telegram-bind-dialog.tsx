import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { TelegramAuthData } from '@/features/auth/api'
import { TelegramWidgetDialog } from '@/features/auth/auth-telegram-widget-dialog'
import { bindTelegram } from './api'
import { useRefreshSelf } from './queries'

interface TelegramBindDialogProps {
  open: boolean
  /** Must be stable: the widget's callback is installed once per opening. */
  onOpenChange: (open: boolean) => void
  botName: string
}

/** Binds a Telegram account: the widget's signed answer goes to /api/oauth/telegram/bind. */
export function TelegramBindDialog({ open, onOpenChange, botName }: TelegramBindDialogProps) {
  const { t } = useTranslation('personal')
  const refreshSelf = useRefreshSelf()
  const onAuth = useCallback(
    (data: TelegramAuthData) => {
      bindTelegram(data)
        .then(async () => {
          toast.success(t('bindings.done'))
          await refreshSelf()
          onOpenChange(false)
        })
        .catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)))
    },
    [refreshSelf, onOpenChange, t]
  )
  return (
    <TelegramWidgetDialog
      open={open}
      onOpenChange={onOpenChange}
      botName={botName}
      title={t('telegram.title')}
      hint={t('telegram.hint')}
      testId="telegram-bind-dialog"
      onAuth={onAuth}
    />
  )
}
