import type { SessionUser } from '@gateway/shared'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { loginWithTelegram, type TelegramAuthData } from './api'
import { useCompleteLogin } from './use-complete-login'

declare global {
  interface Window {
    onTelegramAuth?: (user: TelegramAuthData) => void
  }
}

interface TelegramLoginDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  botName: string
}

/** Hosts Telegram's own login widget, which calls back with signed user data. */
export function TelegramLoginDialog({ open, onOpenChange, botName }: TelegramLoginDialogProps) {
  const { t } = useTranslation('auth')
  const completeLogin = useCompleteLogin()
  const host = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    window.onTelegramAuth = (data) => {
      loginWithTelegram(data)
        .then((user: SessionUser) => completeLogin(user))
        .catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)))
    }
    // Radix mounts the content after open flips; wait a frame for the host element.
    const frame = requestAnimationFrame(() => {
      if (!host.current || host.current.childElementCount > 0) return
      const script = document.createElement('script')
      script.src = 'https://telegram.org/js/telegram-widget.js?22'
      script.async = true
      script.dataset.telegramLogin = botName
      script.dataset.size = 'large'
      script.dataset.onauth = 'onTelegramAuth(user)'
      script.dataset.requestAccess = 'write'
      host.current.appendChild(script)
    })
    return () => {
      cancelAnimationFrame(frame)
      delete window.onTelegramAuth
    }
  }, [open, botName, completeLogin])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="telegram-dialog" className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t('oauth.telegram')}</DialogTitle>
          <DialogDescription>{t('oauth.telegramHint')}</DialogDescription>
        </DialogHeader>
        <div ref={host} className="flex min-h-12 justify-center" />
      </DialogContent>
    </Dialog>
  )
}
